// Core Animation as exported code uses it, with the Core Graphics, Core Foundation and
// Foundation declarations it needs: shapes copied from Apple's SDK (see README.md). Nothing
// here runs.

// MARK: - Core Foundation and Foundation

public typealias CFTimeInterval = Double
public typealias TimeInterval = Double
public typealias CFTypeRef = AnyObject

open class NSObject {
    public init() {}
    open func setValue(_ value: Any?, forKey key: String) {}
}

public final class CFString: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {}
}

public final class CFArray: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Any...) {}
}

open class NSValue: NSObject {}

open class NSNumber: NSValue, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral {
    public required init(integerLiteral value: Int) {}
    public required init(floatLiteral value: Double) {}
    public required init(booleanLiteral value: Bool) {}
    public init(value: Double) {}
    public init(value: Float) {}
    public init(value: Int) {}
}

// MARK: - Core Graphics

@frozen public struct CGFloat: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, Comparable, Sendable {
    public var native: Double
    public init(_ value: Double) { native = value }
    public init(_ value: Float) { native = Double(value) }
    public init(_ value: Int) { native = Double(value) }
    public init(floatLiteral value: Double) { native = value }
    public init(integerLiteral value: Int) { native = Double(value) }
    public static var infinity: CGFloat { CGFloat(Double.infinity) }
    public static var pi: CGFloat { CGFloat(Double.pi) }
    public static func < (lhs: CGFloat, rhs: CGFloat) -> Bool { lhs.native < rhs.native }
    public static func + (lhs: CGFloat, rhs: CGFloat) -> CGFloat { CGFloat(lhs.native + rhs.native) }
    public static func - (lhs: CGFloat, rhs: CGFloat) -> CGFloat { CGFloat(lhs.native - rhs.native) }
    public static func * (lhs: CGFloat, rhs: CGFloat) -> CGFloat { CGFloat(lhs.native * rhs.native) }
    public static func / (lhs: CGFloat, rhs: CGFloat) -> CGFloat { CGFloat(lhs.native / rhs.native) }
    public static prefix func - (operand: CGFloat) -> CGFloat { CGFloat(-operand.native) }
}

public struct CGPoint {
    public var x: CGFloat
    public var y: CGFloat
    public init() { x = 0; y = 0 }
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }
    public init(x: Double, y: Double) { self.x = CGFloat(x); self.y = CGFloat(y) }
    public init(x: Int, y: Int) { self.x = CGFloat(x); self.y = CGFloat(y) }
    public static var zero: CGPoint { CGPoint() }
}

public struct CGSize {
    public var width: CGFloat
    public var height: CGFloat
    public init() { width = 0; height = 0 }
    public init(width: CGFloat, height: CGFloat) { self.width = width; self.height = height }
    public init(width: Double, height: Double) { self.width = CGFloat(width); self.height = CGFloat(height) }
    public init(width: Int, height: Int) { self.width = CGFloat(width); self.height = CGFloat(height) }
    public static var zero: CGSize { CGSize() }
}

public struct CGRect {
    public var origin: CGPoint
    public var size: CGSize
    public init() { origin = .zero; size = .zero }
    public init(origin: CGPoint, size: CGSize) { self.origin = origin; self.size = size }
    public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) { origin = CGPoint(x: x, y: y); size = CGSize(width: width, height: height) }
    public init(x: Double, y: Double, width: Double, height: Double) { origin = CGPoint(x: x, y: y); size = CGSize(width: width, height: height) }
    public init(x: Int, y: Int, width: Int, height: Int) { origin = CGPoint(x: x, y: y); size = CGSize(width: width, height: height) }
    public static var zero: CGRect { CGRect() }
}

public struct CGAffineTransform {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static var identity: CGAffineTransform { CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }
}

public class CGColorSpace {
    public init?(name: CFString) {}
    public static let sRGB: CFString = "kCGColorSpaceSRGB"
}

public class CGColor {
    public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    public init(gray: CGFloat, alpha: CGFloat) {}
}

public class CGPath {}

public class CGMutablePath: CGPath {
    public override init() {}
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {}
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {}
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {}
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {}
    public func closeSubpath() {}
}

public class CGImage {}

public class CGGradient {
    public init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {}
}

public struct CGGradientDrawingOptions: OptionSet {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}

public enum CGImageAlphaInfo: UInt32 {
    case none = 0, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

public enum CGLineCap: Int32 {
    case butt = 0, round, square
}

public enum CGPathFillRule: Int {
    case winding = 0, evenOdd
}

public class CGContext {
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int, space: CGColorSpace,
                 bitmapInfo: UInt32) {}
    public func translateBy(x tx: CGFloat, y ty: CGFloat) {}
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) {}
    public func saveGState() {}
    public func restoreGState() {}
    public func setFillColor(_ color: CGColor) {}
    public func setStrokeColor(_ color: CGColor) {}
    public func setLineWidth(_ width: CGFloat) {}
    public func setLineCap(_ cap: CGLineCap) {}
    public func fill(_ rect: CGRect) {}
    public func fillEllipse(in rect: CGRect) {}
    public func strokeEllipse(in rect: CGRect) {}
    public func addLines(between points: [CGPoint]) {}
    public func closePath() {}
    public func fillPath(using rule: CGPathFillRule = .winding) {}
    public func strokeLineSegments(between points: [CGPoint]) {}
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat,
                                   options: CGGradientDrawingOptions) {}
    public func makeImage() -> CGImage? { nil }
}

// MARK: - Core Animation: values

public struct CATransform3D {
    public var m11: CGFloat = 1, m12: CGFloat = 0, m13: CGFloat = 0, m14: CGFloat = 0
    public var m21: CGFloat = 0, m22: CGFloat = 1, m23: CGFloat = 0, m24: CGFloat = 0
    public var m31: CGFloat = 0, m32: CGFloat = 0, m33: CGFloat = 1, m34: CGFloat = 0
    public var m41: CGFloat = 0, m42: CGFloat = 0, m43: CGFloat = 0, m44: CGFloat = 1
    public init() {}
}

public let CATransform3DIdentity = CATransform3D()
public func CACurrentMediaTime() -> CFTimeInterval { 0 }
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D { CATransform3D() }
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D { CATransform3D() }
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D { CATransform3D() }
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D { t }
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D { t }
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D { t }
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { a }

extension NSValue {
    public convenience init(caTransform3D t: CATransform3D) { self.init() }
}

/// A string-valued enumeration of Core Animation, as the Swift overlay imports
/// `typedef NSString * … NS_TYPED_ENUM`.
public protocol CAStringEnumeration: RawRepresentable, Hashable where RawValue == String {}

public struct CAMediaTimingFillMode: CAStringEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let forwards = Self(rawValue: "forwards"), backwards = Self(rawValue: "backwards")
    public static let both = Self(rawValue: "both"), removed = Self(rawValue: "removed")
}

public struct CAMediaTimingFunctionName: CAStringEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = Self(rawValue: "linear"), easeIn = Self(rawValue: "easeIn"), easeOut = Self(rawValue: "easeOut")
    public static let easeInEaseOut = Self(rawValue: "easeInEaseOut"), `default` = Self(rawValue: "default")
}

public struct CAEmitterLayerEmitterShape: CAStringEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let point = Self(rawValue: "point"), line = Self(rawValue: "line"), rectangle = Self(rawValue: "rectangle")
    public static let cuboid = Self(rawValue: "cuboid"), circle = Self(rawValue: "circle"), sphere = Self(rawValue: "sphere")
}

public struct CAEmitterLayerEmitterMode: CAStringEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let points = Self(rawValue: "points"), outline = Self(rawValue: "outline")
    public static let surface = Self(rawValue: "surface"), volume = Self(rawValue: "volume")
}

public struct CAEmitterLayerRenderMode: CAStringEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unordered = Self(rawValue: "unordered"), oldestFirst = Self(rawValue: "oldestFirst"), oldestLast = Self(rawValue: "oldestLast")
    public static let backToFront = Self(rawValue: "backToFront"), additive = Self(rawValue: "additive")
}

public struct CAAnimationCalculationMode: CAStringEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = Self(rawValue: "linear"), discrete = Self(rawValue: "discrete"), paced = Self(rawValue: "paced")
    public static let cubic = Self(rawValue: "cubic"), cubicPaced = Self(rawValue: "cubicPaced")
}

public struct CAAnimationRotationMode: CAStringEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateAuto = Self(rawValue: "auto"), rotateAutoReverse = Self(rawValue: "autoReverse")
}

public struct CATransitionType: CAStringEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fade = Self(rawValue: "fade"), moveIn = Self(rawValue: "moveIn"), push = Self(rawValue: "push"), reveal = Self(rawValue: "reveal")
}

public struct CATransitionSubtype: CAStringEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = Self(rawValue: "fromRight"), fromLeft = Self(rawValue: "fromLeft")
    public static let fromTop = Self(rawValue: "fromTop"), fromBottom = Self(rawValue: "fromBottom")
}

public struct CAShapeLayerFillRule: CAStringEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = Self(rawValue: "non-zero"), evenOdd = Self(rawValue: "even-odd")
}

public struct CAShapeLayerLineCap: CAStringEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = Self(rawValue: "butt"), round = Self(rawValue: "round"), square = Self(rawValue: "square")
}

public struct CAShapeLayerLineJoin: CAStringEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = Self(rawValue: "miter"), round = Self(rawValue: "round"), bevel = Self(rawValue: "bevel")
}

public struct CAGradientLayerType: CAStringEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let axial = Self(rawValue: "axial"), radial = Self(rawValue: "radial"), conic = Self(rawValue: "conic")
}

public struct CATextLayerAlignmentMode: CAStringEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let natural = Self(rawValue: "natural"), left = Self(rawValue: "left"), right = Self(rawValue: "right")
    public static let center = Self(rawValue: "center"), justified = Self(rawValue: "justified")
}

public struct CATextLayerTruncationMode: CAStringEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = Self(rawValue: "none"), start = Self(rawValue: "start"), end = Self(rawValue: "end"), middle = Self(rawValue: "middle")
}

public struct CALayerContentsGravity: CAStringEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let center = Self(rawValue: "center"), top = Self(rawValue: "top"), bottom = Self(rawValue: "bottom")
    public static let left = Self(rawValue: "left"), right = Self(rawValue: "right"), topLeft = Self(rawValue: "topLeft")
    public static let topRight = Self(rawValue: "topRight"), bottomLeft = Self(rawValue: "bottomLeft"), bottomRight = Self(rawValue: "bottomRight")
    public static let resize = Self(rawValue: "resize"), resizeAspect = Self(rawValue: "resizeAspect"), resizeAspectFill = Self(rawValue: "resizeAspectFill")
}

public struct CALayerContentsFilter: CAStringEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nearest = Self(rawValue: "nearest"), linear = Self(rawValue: "linear"), trilinear = Self(rawValue: "trilinear")
}

// MARK: - Core Animation: timing

public protocol CAMediaTiming: AnyObject {
    var beginTime: CFTimeInterval { get set }
    var duration: CFTimeInterval { get set }
    var speed: Float { get set }
    var timeOffset: CFTimeInterval { get set }
    var repeatCount: Float { get set }
    var repeatDuration: CFTimeInterval { get set }
    var autoreverses: Bool { get set }
    var fillMode: CAMediaTimingFillMode { get set }
}

open class CAMediaTimingFunction: NSObject {
    public init(name: CAMediaTimingFunctionName) {}
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {}
}

// MARK: - Core Animation: layers

open class CALayer: NSObject, CAMediaTiming {
    public override init() {}
    open var bounds: CGRect = .zero
    open var position: CGPoint = .zero
    open var zPosition: CGFloat = 0
    open var anchorPoint: CGPoint = .zero
    open var anchorPointZ: CGFloat = 0
    open var transform: CATransform3D = CATransform3DIdentity
    open var frame: CGRect = .zero
    open var isHidden: Bool = false
    open var isDoubleSided: Bool = true
    open var isGeometryFlipped: Bool = false
    open var sublayers: [CALayer]?
    open var sublayerTransform: CATransform3D = CATransform3DIdentity
    open var mask: CALayer?
    open var masksToBounds: Bool = false
    open var contents: Any?
    open var contentsRect: CGRect = .zero
    open var contentsGravity: CALayerContentsGravity = .resize
    open var contentsScale: CGFloat = 1
    open var contentsCenter: CGRect = .zero
    open var minificationFilter: CALayerContentsFilter = .linear
    open var magnificationFilter: CALayerContentsFilter = .linear
    open var minificationFilterBias: Float = 0
    open var isOpaque: Bool = false
    open var allowsEdgeAntialiasing: Bool = false
    open var backgroundColor: CGColor?
    open var cornerRadius: CGFloat = 0
    open var borderWidth: CGFloat = 0
    open var borderColor: CGColor?
    open var opacity: Float = 1
    open var allowsGroupOpacity: Bool = true
    open var compositingFilter: Any?
    open var filters: [Any]?
    open var backgroundFilters: [Any]?
    open var shouldRasterize: Bool = false
    open var rasterizationScale: CGFloat = 1
    open var shadowColor: CGColor?
    open var shadowOpacity: Float = 0
    open var shadowOffset: CGSize = .zero
    open var shadowRadius: CGFloat = 3
    open var shadowPath: CGPath?
    open var name: String?
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses: Bool = false
    open var fillMode: CAMediaTimingFillMode = .removed
    open func addSublayer(_ layer: CALayer) {}
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {}
    open func add(_ anim: CAAnimation, forKey key: String?) {}
}

open class CAEmitterLayer: CALayer {
    open var emitterCells: [CAEmitterCell]?
    open var birthRate: Float = 1
    open var lifetime: Float = 1
    open var emitterPosition: CGPoint = .zero
    open var emitterZPosition: CGFloat = 0
    open var emitterSize: CGSize = .zero
    open var emitterDepth: CGFloat = 0
    open var emitterShape: CAEmitterLayerEmitterShape = .point
    open var emitterMode: CAEmitterLayerEmitterMode = .volume
    open var renderMode: CAEmitterLayerRenderMode = .unordered
    open var preservesDepth: Bool = false
    open var velocity: Float = 1
    open var scale: Float = 1
    open var spin: Float = 1
    open var seed: UInt32 = 0
}

open class CAEmitterCell: NSObject, CAMediaTiming {
    public override init() {}
    open var name: String?
    open var isEnabled: Bool = true
    open var birthRate: Float = 0
    open var lifetime: Float = 0
    open var lifetimeRange: Float = 0
    open var emissionLatitude: CGFloat = 0
    open var emissionLongitude: CGFloat = 0
    open var emissionRange: CGFloat = 0
    open var velocity: CGFloat = 0
    open var velocityRange: CGFloat = 0
    open var xAcceleration: CGFloat = 0
    open var yAcceleration: CGFloat = 0
    open var zAcceleration: CGFloat = 0
    open var scale: CGFloat = 1
    open var scaleRange: CGFloat = 0
    open var scaleSpeed: CGFloat = 0
    open var spin: CGFloat = 0
    open var spinRange: CGFloat = 0
    open var color: CGColor?
    open var redRange: Float = 0
    open var greenRange: Float = 0
    open var blueRange: Float = 0
    open var alphaRange: Float = 0
    open var redSpeed: Float = 0
    open var greenSpeed: Float = 0
    open var blueSpeed: Float = 0
    open var alphaSpeed: Float = 0
    open var contents: Any?
    open var contentsRect: CGRect = .zero
    open var contentsScale: CGFloat = 1
    open var minificationFilter: String = "linear"
    open var magnificationFilter: String = "linear"
    open var minificationFilterBias: Float = 0
    open var emitterCells: [CAEmitterCell]?
    open var style: [AnyHashable: Any]?
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses: Bool = false
    open var fillMode: CAMediaTimingFillMode = .removed
}

open class CAShapeLayer: CALayer {
    open var path: CGPath?
    open var fillColor: CGColor?
    open var fillRule: CAShapeLayerFillRule = .nonZero
    open var strokeColor: CGColor?
    open var strokeStart: CGFloat = 0
    open var strokeEnd: CGFloat = 1
    open var lineWidth: CGFloat = 1
    open var miterLimit: CGFloat = 10
    open var lineCap: CAShapeLayerLineCap = .butt
    open var lineJoin: CAShapeLayerLineJoin = .miter
    open var lineDashPhase: CGFloat = 0
    open var lineDashPattern: [NSNumber]?
}

open class CAGradientLayer: CALayer {
    open var colors: [Any]?
    open var locations: [NSNumber]?
    open var startPoint: CGPoint = .zero
    open var endPoint: CGPoint = .zero
    open var type: CAGradientLayerType = .axial
}

open class CATextLayer: CALayer {
    open var string: Any?
    open var font: CFTypeRef?
    open var fontSize: CGFloat = 36
    open var foregroundColor: CGColor?
    open var isWrapped: Bool = false
    open var truncationMode: CATextLayerTruncationMode = .none
    open var alignmentMode: CATextLayerAlignmentMode = .natural
    open var allowsFontSubpixelQuantization: Bool = false
}

open class CAReplicatorLayer: CALayer {
    open var instanceCount: Int = 1
    open var preservesDepth: Bool = false
    open var instanceDelay: CFTimeInterval = 0
    open var instanceTransform: CATransform3D = CATransform3DIdentity
    open var instanceColor: CGColor?
    open var instanceRedOffset: Float = 0
    open var instanceGreenOffset: Float = 0
    open var instanceBlueOffset: Float = 0
    open var instanceAlphaOffset: Float = 0
}

open class CATransformLayer: CALayer {}

// MARK: - Core Animation: animations

open class CAAnimation: NSObject, CAMediaTiming {
    public override init() {}
    open var timingFunction: CAMediaTimingFunction?
    open var isRemovedOnCompletion: Bool = true
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses: Bool = false
    open var fillMode: CAMediaTimingFillMode = .removed
}

open class CAPropertyAnimation: CAAnimation {
    public convenience init(keyPath path: String?) { self.init() }
    open var keyPath: String?
    open var isAdditive: Bool = false
    open var isCumulative: Bool = false
}

open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?
}

open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    open var path: CGPath?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
    open var tensionValues: [NSNumber]?
    open var continuityValues: [NSNumber]?
    open var biasValues: [NSNumber]?
    open var rotationMode: CAAnimationRotationMode?
}

open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0
    open var allowsOverdamping: Bool = false
    open var settlingDuration: CFTimeInterval { 0 }
    open var perceptualDuration: CFTimeInterval = 0
    open var bounce: CGFloat = 0
}

open class CATransition: CAAnimation {
    open var type: CATransitionType = .fade
    open var subtype: CATransitionSubtype?
    open var startProgress: Float = 0
    open var endProgress: Float = 1
}

open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?
}
