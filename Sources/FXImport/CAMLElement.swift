/// One element of a CAML document (`<CALayer bounds="0 0 10 10">…</CALayer>`), as
/// ``CAMLParser`` read it: its name, its attributes in order, its child elements and where it
/// starts, for warnings.
struct CAMLElement: Sendable {
    /// One `name="value"` of an element, with where it starts.
    struct Attribute: Sendable {
        var name: String
        var value: String
        var line: Int
        var column: Int
    }

    /// The element name: a class (`CALayer`, `CAEmitterCell`), a property (`sublayers`,
    /// `backgroundColor`), an animation's key, or a value's type (`real`, `CGPoint`).
    var name: String
    var attributes: [Attribute]
    var children: [CAMLElement]
    /// The text directly inside it (CDATA included), trimmed; empty for most CAML elements.
    var text: String
    /// 1-based line and column (in characters) of its `<`.
    var line: Int
    var column: Int

    /// The value of the attribute `name`, or nil.
    subscript(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The attribute `name`, or nil.
    func attribute(_ name: String) -> Attribute? {
        attributes.first { $0.name == name }
    }

    /// The first child element named `name`.
    func child(_ name: String) -> CAMLElement? {
        children.first { $0.name == name }
    }
}
