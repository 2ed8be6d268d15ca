import FXCore

/// What Swift and Objective-C spell differently in exported code; ``SourceCodeBody`` walks the
/// tree the same way for both and asks the language for each statement and value.
protocol SourceLanguage {
    /// `// text`, wrapped.
    static func comment(_ text: String) -> [String]
    /// The statement that makes `object` (`let spin = CABasicAnimation(keyPath: "…")`);
    /// `keyPath` is the animation's key path when the initialiser takes it.
    static func declaration(of object: CoreAnimationObject, keyPath: String?) -> String
    /// `variable.property = value` (`property` already in the language's spelling).
    static func assignment(_ variable: String, _ property: String, _ value: String) -> String
    /// The property's name in this language (`isHidden` in Swift, `hidden` in Objective-C).
    static func name(of property: CoreAnimationProperty) -> String
    /// An array literal of objects (`[a, b]`, `@[a, b]`).
    static func list(_ items: [String]) -> String
    /// `parent.addSublayer(child)`.
    static func addSublayer(_ child: String, to parent: String) -> String
    /// `variable.setValue(value, forKey: "key")`: a key Core Animation has but does not publish.
    static func setValue(_ value: String, forKey key: String, on variable: String) -> String
    /// `layer.add(animation, forKey: "key")`.
    static func add(_ animation: String, key: String, to layer: String) -> String
    /// `value` as an expression; lines it needs first (a path, a transform) go to `body`.
    /// `boxed`: the value is an animation's (`fromValue`, `values`), boxed as Core Animation
    /// expects (`NSValue`, `NSNumber`, an object for a `CGColor`).
    static func value(_ value: CoreAnimationValue, boxed: Bool, name: String, body: inout SourceCodeBody<Self>) -> String
}
