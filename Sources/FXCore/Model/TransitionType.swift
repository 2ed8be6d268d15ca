/// How the old appearance of a layer gives way to the new (`CATransitionType`, and the private
/// types iOS developers pass to `CATransition.type` as strings). The raw values are Core
/// Animation's strings.
///
/// fx draws each with meshes over snapshots of the layer's old and new drawing; the 3-D and
/// mesh types approximate Apple's private effects (docs/effect-format.md says how closely).
public enum TransitionType: String, CaseIterable, Sendable {
    /// The old appearance fades out as the new fades in (`kCATransitionFade`, the default).
    case fade
    /// The new appearance pushes the old out (`kCATransitionPush`).
    case push
    /// The new appearance slides in over the old (`kCATransitionMoveIn`).
    case moveIn
    /// The old appearance slides away, revealing the new (`kCATransitionReveal`).
    case reveal
    /// The layer turns as one face of a cube, the new appearance on the next face (`"cube"`).
    case cube
    /// The layer flips over about its centre line, the new appearance on its back (`"oglFlip"`).
    case oglFlip
    /// Ripples spread from the centre while the appearances cross-fade (`"rippleEffect"`).
    case rippleEffect
    /// The old appearance is pulled into the bottom-left corner like a cloth into a vacuum,
    /// uncovering the new (`"suckEffect"`).
    case suckEffect
    /// The old appearance curls away like a page, uncovering the new (`"pageCurl"`).
    case pageCurl
    /// The new appearance uncurls over the old like a page laid down: `pageCurl` run backwards
    /// (`"pageUnCurl"`).
    case pageUnCurl
    /// The new appearance shows through a round opening that grows from the centre
    /// (`"cameraIrisHollowOpen"`).
    case cameraIrisHollowOpen
    /// The old appearance shrinks into a round opening that closes on the centre, the new
    /// around it (`"cameraIrisHollowClose"`).
    case cameraIrisHollowClose
}
