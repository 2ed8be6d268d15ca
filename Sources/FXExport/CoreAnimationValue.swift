import FXCore

/// A value as Core Animation holds it, independent of the language it is written in: what the
/// exporters' writers turn into Swift, Objective-C or CAML text. Numbers are fx's exactly
/// (angles in radians, colors in 0…1), so that importing the export back gives the same effect.
public indirect enum CoreAnimationValue: Equatable, Sendable {
    /// A floating-point number (`CGFloat`, `Float`, `Double`, `CFTimeInterval`); may be
    /// infinite (`repeatCount`).
    case number(Double)
    /// A whole number (`instanceCount`, `CAEmitterLayer.seed`).
    case integer(Int)
    /// A flag.
    case bool(Bool)
    /// Text (`name`, `CATextLayer.string`, `CAPropertyAnimation.keyPath`).
    case string(String)
    /// A case of one of Core Animation's string enumerations (`emitterShape = .line`):
    /// ``CoreAnimationEnumeration`` says how each language spells it.
    case enumeration(CoreAnimationEnumeration, String)
    /// A `CGPoint`.
    case point(x: Double, y: Double)
    /// A `CGSize`.
    case size(width: Double, height: Double)
    /// A `CGRect`.
    case rect(x: Double, y: Double, width: Double, height: Double)
    /// A `CGColor` in sRGB components 0…1.
    case color(Color)
    /// A list of `CGColor`s (`CAGradientLayer.colors`, keyframe values of colors).
    case colors([Color])
    /// A list of `NSNumber`s (`locations`, `keyTimes`, `lineDashPattern`).
    case numbers([Double])
    /// A `CATransform3D` built by Core Animation's functions in order (each operation
    /// pre-multiplies, as `CATransform3DTranslate` etc. do): fx's transform list as written.
    case transform([TransformOperation])
    /// A `CATransform3D` held as its parts (an animation's transform value).
    case transformValue(TransformValue)
    /// A `CGPath`.
    case path(Path)
    /// A `CGImage`: an effect texture, by the name it is written under.
    case image(CoreAnimationImage)
    /// A `CAMediaTimingFunction`.
    case timingFunction(TimingFunction)
    /// A list of `CAMediaTimingFunction`s (`CAKeyframeAnimation.timingFunctions`).
    case timingFunctions([TimingFunction])
    /// A list of values of one kind (`CAKeyframeAnimation.values`), each boxed as Core
    /// Animation boxes it (`NSNumber`, `NSValue`, `CGColor`, `CGPath`, `CGImage`).
    case values([CoreAnimationValue])
    /// A font by family or file name (`CATextLayer.font`).
    case font(String)
}

/// A `CGImage` an export sets as `contents`: a built-in texture of fx (drawn by a generated
/// helper in code, rendered to PNG in a `.ca` bundle's `assets/`) or an image file of the
/// effect (loaded by its file name; copied into `assets/`).
public enum CoreAnimationImage: Equatable, Sendable {
    /// One of fx's built-in textures.
    case builtin(BuiltinTexture)
    /// An image file of the effect: its file name (`ribbon.png`) and its absolute path.
    case file(name: String, path: String)
}

/// One of Core Animation's string enumerations, so that each writer spells its cases its own
/// way: Swift `.line` (`CAEmitterLayerEmitterShape`), Objective-C `kCAEmitterLayerLine`, CAML
/// `line`.
public struct CoreAnimationEnumeration: Equatable, Sendable {
    /// The Swift type (`CAEmitterLayerEmitterShape`, `CAMediaTimingFillMode`).
    public var swiftType: String
    /// The prefix of Objective-C's constants (`kCAEmitterLayer`, `kCAFillMode`), followed by
    /// the case with its first letter capitalized.
    public var objectiveCPrefix: String

    /// An enumeration.
    public init(swiftType: String, objectiveCPrefix: String) {
        self.swiftType = swiftType
        self.objectiveCPrefix = objectiveCPrefix
    }

    /// `CAEmitterLayer.emitterShape`.
    public static let emitterShape = Self(swiftType: "CAEmitterLayerEmitterShape", objectiveCPrefix: "kCAEmitterLayer")
    /// `CAEmitterLayer.emitterMode`.
    public static let emitterMode = Self(swiftType: "CAEmitterLayerEmitterMode", objectiveCPrefix: "kCAEmitterLayer")
    /// `CAEmitterLayer.renderMode`.
    public static let renderMode = Self(swiftType: "CAEmitterLayerRenderMode", objectiveCPrefix: "kCAEmitterLayer")
    /// `CAMediaTiming.fillMode`.
    public static let fillMode = Self(swiftType: "CAMediaTimingFillMode", objectiveCPrefix: "kCAFillMode")
    /// `CAGradientLayer.type`.
    public static let gradientType = Self(swiftType: "CAGradientLayerType", objectiveCPrefix: "kCAGradientLayer")
    /// `CAShapeLayer.fillRule`.
    public static let fillRule = Self(swiftType: "CAShapeLayerFillRule", objectiveCPrefix: "kCAFillRule")
    /// `CAShapeLayer.lineCap`.
    public static let lineCap = Self(swiftType: "CAShapeLayerLineCap", objectiveCPrefix: "kCALineCap")
    /// `CAShapeLayer.lineJoin`.
    public static let lineJoin = Self(swiftType: "CAShapeLayerLineJoin", objectiveCPrefix: "kCALineJoin")
    /// `CATextLayer.alignmentMode`.
    public static let alignmentMode = Self(swiftType: "CATextLayerAlignmentMode", objectiveCPrefix: "kCAAlignment")
    /// `CALayer.contentsGravity`.
    public static let contentsGravity = Self(swiftType: "CALayerContentsGravity", objectiveCPrefix: "kCAGravity")
    /// `CALayer.compositingFilter` (a filter name; Core Animation takes a `CIFilter` or its
    /// name as a string).
    public static let compositingFilter = Self(swiftType: "String", objectiveCPrefix: "")
    /// `CAKeyframeAnimation.calculationMode`.
    public static let calculationMode = Self(swiftType: "CAAnimationCalculationMode", objectiveCPrefix: "kCAAnimation")
    /// `CAKeyframeAnimation.rotationMode` (`auto` → `kCAAnimationRotateAuto`).
    public static let rotationMode = Self(swiftType: "CAAnimationRotationMode", objectiveCPrefix: "kCAAnimationRotate")
    /// `CATransition.type`.
    public static let transitionType = Self(swiftType: "CATransitionType", objectiveCPrefix: "kCATransition")
    /// `CATransition.subtype`.
    public static let transitionSubtype = Self(swiftType: "CATransitionSubtype", objectiveCPrefix: "kCATransition")
    /// `CAEmitterCell.contentsFrameMode` and `particleType`: private to Core Animation, written
    /// as strings.
    public static let privateString = Self(swiftType: "String", objectiveCPrefix: "")
}
