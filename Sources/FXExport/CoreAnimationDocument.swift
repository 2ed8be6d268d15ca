import FXCore

/// An effect as Core Animation objects: the root layer (bounds = the canvas, background = the
/// canvas's background, sublayers = the effect's layers) and what a writer needs to name
/// and document it.
public struct CoreAnimationDocument: Sendable {
    /// The effect's name (`confetti`).
    public var effectName: String
    /// The effect's one-line description, or empty.
    public var summary: String
    /// The root layer (`CALayer`): its `bounds` are the canvas's size, its `position` the
    /// canvas's centre, its `backgroundColor` the canvas's background.
    public var root: CoreAnimationObject
    /// The canvas's size in points.
    public var canvasSize: Size
    /// The platform code is written for.
    public var platform: ExportPlatform
    /// Every image the objects use, once each, in first-use order.
    public var images: [CoreAnimationImage]

    /// A document.
    public init(effectName: String, summary: String, root: CoreAnimationObject, canvasSize: Size,
                platform: ExportPlatform, images: [CoreAnimationImage]) {
        self.effectName = effectName
        self.summary = summary
        self.root = root
        self.canvasSize = canvasSize
        self.platform = platform
        self.images = images
    }

    /// The name of the function code exports (`makeConfettiLayer`): `make`, the effect's name
    /// in upper camel case, `Layer`.
    public var functionName: String {
        "make" + CoreAnimationDocument.upperCamelCase(effectName) + "Layer"
    }

    /// `words-like_this 2` → `WordsLikeThis2`; a name with no letters or digits → `Effect`.
    public static func upperCamelCase(_ text: String) -> String {
        var result = ""
        var upper = true
        for character in text {
            if character.isASCII && (character.isLetter || character.isNumber) {
                result.append(upper ? Character(character.uppercased()) : character)
                upper = false
            } else {
                upper = true
            }
        }
        if result.isEmpty { return "Effect" }
        if result.first!.isNumber { result = "Effect" + result }
        return result
    }
}
