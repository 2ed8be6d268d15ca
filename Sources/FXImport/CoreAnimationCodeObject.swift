/// An object the set-up code makes: an emitter layer, an emitter cell, an animation, or any
/// other object whose properties it sets (a view controller's `self`), with every property
/// assignment in the order the code runs them and where each was written.
final class CoreAnimationCodeObject {
    /// The pseudo-property under which the reader keeps an animation's class
    /// (`CABasicAnimation`, `CAAnimationGroup`), as the code named it.
    static let classKey = "class"

    enum Kind: Equatable {
        case emitterLayer
        case emitterCell
        case animation
        /// Any other layer: `CALayer`, `CAShapeLayer`, `CATextLayer`, `CAGradientLayer`,
        /// `CAReplicatorLayer`, `CATransformLayer`.
        case layer
        /// A path being built (`UIBezierPath`, `CGMutablePath`).
        case path
        case other
    }

    /// One assignment: the property (Core Animation's Swift or Objective-C name as written),
    /// its value, and the source file and line.
    struct Assignment {
        var name: String
        var value: CoreAnimationCodeValue
        var file: Int
        var line: Int
    }

    let kind: Kind
    /// The class: `CAEmitterCell`, `CABasicAnimation`, or a subclass of the source.
    let className: String
    /// Where the object was made.
    let file: Int
    let line: Int
    /// The first variable it was stored in, to name an unnamed cell.
    var variableName: String?
    private(set) var assignments: [Assignment] = []
    /// Animations added with `add(_:forKey:)` / `addAnimation:forKey:`, as object indices.
    var animations: [Int] = []
    /// Layers added with `addSublayer` / `insertSublayer`, in drawing order, as object indices.
    var sublayers: [Int] = []
    /// A path object's commands so far.
    var path = CoreAnimationCodePath()
    /// Entry functions that set each property, so a later entry's change (a `stop()`) is reported, not applied.
    var setBy: [String: String] = [:]

    init(kind: Kind, className: String, file: Int, line: Int) {
        self.kind = kind
        self.className = className
        self.file = file
        self.line = line
    }

    /// Records an assignment; a later one to the same property replaces the earlier value.
    func set(_ name: String, _ value: CoreAnimationCodeValue, file: Int, line: Int) {
        assignments.removeAll { $0.name == name }
        assignments.append(Assignment(name: name, value: value, file: file, line: line))
    }

    /// The last value assigned to `name`.
    func value(_ name: String) -> CoreAnimationCodeValue? {
        assignments.last { $0.name == name }?.value
    }

    /// The assignment of `name`.
    func assignment(_ name: String) -> Assignment? {
        assignments.last { $0.name == name }
    }
}
