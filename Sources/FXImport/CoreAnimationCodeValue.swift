/// What an expression of Core Animation set-up code evaluates to, as far as the importer
/// follows it: numbers, colors, geometry, enumeration names, images, the emitter layers, cells
/// and animations it creates, arrays of these, closures and functions; anything else is
/// `unknown`, with the reason.
import FXCore

indirect enum CoreAnimationCodeValue {
    case number(Double)
    case string(String)
    case bool(Bool)
    /// Red, green, blue and alpha in 0…1 (a `UIColor`, `CGColor` or `NSColor`).
    case color([Double])
    case point(Double, Double)
    case size(Double, Double)
    case rect(Double, Double, Double, Double)
    /// An enumeration case or constant, normalised to Core Animation's string value:
    /// `.circle`, `kCAEmitterLayerCircle` and `CAEmitterLayerEmitterShape.circle` are `circle`.
    case symbol(String)
    /// An image: `UIImage(named: "x")` and its `cgImage`; the name when known.
    case image(String?)
    /// An image a function of the source draws (`UIGraphicsBeginImageContext`, a renderer),
    /// which the importer cannot run: the one color and the one size it was given, when known.
    case drawnImage(tint: [Double]?, size: (Double, Double)?)
    /// One of fx's built-in textures, drawn by the helper `fx export` writes
    /// (`builtinTexture("circle")`, `FXBuiltinTexture(@"circle")`).
    case builtinTexture(BuiltinTexture)
    /// An emitter layer, emitter cell, animation or other object made by the code.
    case object(Int)
    case array([CoreAnimationCodeValue])
    /// A closure's tokens, for `.map { … }` and `= { … }()`.
    case closure([CoreAnimationCodeToken], file: Int)
    /// A type name (`CAEmitterCell`, `UIColor`, a class of the source), for its initialisers and
    /// static members.
    case type(String)
    /// A function or method of the source, by name.
    case function(String)
    /// A `CATransform3D` or `CGAffineTransform`: fx's list of operations (the newest acts first
    /// on the layer's points, as Core Animation's chained calls do).
    case transform([TransformOperation])
    /// A path as it was when a property took it (`layer.path = path.cgPath` copies it).
    case pathData(CoreAnimationCodePath)
    /// A value the importer does not follow, and why.
    case unknown(String)

    /// The value as a number, when it is one (a `Bool` is 0 or 1, as Objective-C's `YES`).
    var number: Double? {
        switch self {
        case .number(let value): return value
        case .bool(let flag): return flag ? 1 : 0
        default: return nil
        }
    }

    var isUnknown: Bool {
        if case .unknown = self { return true }
        return false
    }

    /// The reason an unknown value is unknown, or a description of the value.
    var summary: String {
        switch self {
        case .unknown(let why): return why
        case .number(let value): return ImportedJSON.text(of: value)
        case .string(let text): return "\"\(text)\""
        case .bool(let flag): return flag ? "true" : "false"
        case .color: return "a color"
        case .point: return "a point"
        case .size: return "a size"
        case .rect: return "a rectangle"
        case .symbol(let name): return ".\(name)"
        case .image(let name): return name.map { "the image \"\($0)\"" } ?? "an image"
        case .drawnImage: return "an image drawn in code"
        case .builtinTexture(let texture): return "fx's built-in texture \"\(texture.rawValue)\""
        case .object: return "an object"
        case .array: return "an array"
        case .closure: return "a closure"
        case .type(let name): return name
        case .function(let name): return "the function \(name)"
        case .transform: return "a transform"
        case .pathData: return "a path"
        }
    }
}
