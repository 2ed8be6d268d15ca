import FXCore

/// Prints the objects of a ``CoreAnimationDocument`` as the XML of `main.caml` (see
/// ``CAMLWriter``), collecting the images they use.
struct CAMLDocumentWriter {
    var assets: CAMLAssets
    private(set) var text = ""

    init(assets: CAMLAssets) {
        self.assets = assets
    }

    /// Appends `content` on a line of its own, indented to `depth` (two spaces a level, eight
    /// spaces written as a tab).
    mutating func line(_ content: String, depth: Int) {
        let spaces = 2 * depth
        text += String(repeating: "\t", count: spaces / 8) + String(repeating: " ", count: spaces % 8) + content + "\n"
    }

    /// A child element: its name, attributes, and the child elements inside it.
    struct Element {
        var name: String
        var attributes: [(String, String)] = []
        var children: [Element] = []
        /// XML comments written just inside it, before its children.
        var comments: [String] = []
    }

    mutating func write(_ element: Element, depth: Int) {
        let open = "<" + element.name + element.attributes.map { " \($0.0)=\"\(XMLText.escaped($0.1))\"" }.joined()
        if element.children.isEmpty && element.comments.isEmpty {
            line(open + "/>", depth: depth)
            return
        }
        line(open + ">", depth: depth)
        for comment in element.comments { line("<!-- " + CAMLValue.commentText(comment) + " -->", depth: depth + 1) }
        for child in element.children { write(child, depth: depth + 1) }
        line("</" + element.name + ">", depth: depth)
    }

    /// Writes `object` as an element named `element` (its class, or an animation's key), with
    /// `leading` attributes first (an animation's `type=` or `key=`).
    mutating func object(_ object: CoreAnimationObject, element name: String, leading: [(String, String)] = [], depth: Int) {
        write(self.element(for: object, name: name, leading: leading), depth: depth)
    }

    /// The element of `object`: its properties as attributes or child elements, then its mask,
    /// sublayers, cells, behaviors and animations.
    mutating func element(for object: CoreAnimationObject, name: String, leading: [(String, String)] = []) -> Element {
        var element = Element(name: name, attributes: leading)
        element.comments = object.comments + object.properties.compactMap { property in property.comment.map { "\(property.name): \($0)" } }
        let isTransition = object.className == "CATransition"
        for property in object.properties {
            var key = property.name
            if object.className == "CAEmitterBehavior" && key == "type" { key = "behavior" }
            if isTransition && (key == "type" || key == "subtype") {
                // `type=` names the animation's class: the transition's own type is an element.
                element.children.append(Element(name: key, attributes: [("value", CAMLValue.text(property.value, assets: &assets) ?? "")]))
                continue
            }
            // An animation's values are typed elements: `<fromValue type="real" value="1"/>`.
            let typed = ["fromValue", "toValue", "byValue"].contains(key) && object.className.hasSuffix("Animation")
            if !typed, let text = CAMLValue.text(property.value, key: key, assets: &assets) {
                element.attributes.append((key, text))
            } else {
                element.children.append(CAMLValue.element(property.value, name: key, typed: typed, assets: &assets))
            }
        }
        if let mask = object.mask.first {
            element.children.append(Element(name: "mask", children: [self.element(for: mask, name: mask.className)]))
        }
        for relation in [CoreAnimationRelation.sublayers, .emitterCells, .emitterBehaviors, .animations] {
            let children = object.children(relation)
            guard !children.isEmpty else { continue }
            // A group's animations are named by their class.
            element.children.append(Element(name: relation.rawValue, children: children.map { self.element(for: $0, name: $0.className) }))
        }
        if !object.animations.isEmpty {
            var list = Element(name: CoreAnimationRelation.animations.rawValue)
            for (key, animation) in object.animations {
                if CAMLValue.isElementName(key) {
                    list.children.append(self.element(for: animation, name: key, leading: [("type", animation.className)]))
                } else {
                    list.children.append(self.element(for: animation, name: "p", leading: [("key", key), ("type", animation.className)]))
                }
            }
            element.children.append(list)
        }
        return element
    }
}
