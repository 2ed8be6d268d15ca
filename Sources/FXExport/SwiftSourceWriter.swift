import FXCore

/// Writes a ``CoreAnimationDocument`` as one Swift file: a function that builds and returns the
/// root layer with Core Animation's API (`func makeConfettiLayer() -> CALayer`), each object a
/// `let` named after it, grouped by layer, and a private helper that draws the built-in
/// textures the effect uses.
enum SwiftSourceWriter: CoreAnimationWriter, SourceLanguage {
    /// The helper drawing fx's built-in textures.
    static let textureFunction = "builtinTexture"

    static func files(for document: CoreAnimationDocument, name: String) -> [ExportedFile] {
        [ExportedFile(relativePath: name + ".swift", contents: .text(source(for: document, fileName: name + ".swift")))]
    }

    /// The whole file.
    static func source(for document: CoreAnimationDocument, fileName: String) -> String {
        var body = SourceCodeBody<SwiftSourceWriter>(document: document, reserved: [textureFunction, document.functionName])
        body.write(document.root)
        var text = header(for: document, fileName: fileName).map { $0.isEmpty ? "//" : "// " + $0 }.joined(separator: "\n") + "\n\n"
        text += "import QuartzCore\nimport \(document.platform.framework)\n\n"
        text += "/// Builds the layers of the fx effect \"\(document.effectName)\" and returns their root, whose\n"
        text += "/// bounds are the effect's canvas.\n"
        text += "func \(document.functionName)() -> CALayer {\n"
        for line in body.lines + ["", "return \(document.root.variableName)"] {
            text += line.isEmpty ? "\n" : "    " + line + "\n"
        }
        text += "}\n"
        if !body.textures.isEmpty {
            text += "\n" + textureHelper(body.textures).joined(separator: "\n") + "\n"
        }
        return text
    }

    /// The file's opening comment: where it comes from and how to use it.
    static func header(for document: CoreAnimationDocument, fileName: String) -> [String] {
        let size = "\(CodeText.number(document.canvasSize.width, infinity: "", negativeInfinity: "")) × \(CodeText.number(document.canvasSize.height, infinity: "", negativeInfinity: ""))"
        var lines = [fileName, "Exported by `fx export` from the fx effect \"\(document.effectName)\"."]
        if !document.summary.isEmpty { lines += CodeText.wrapped(document.summary, width: 96) }
        lines.append("")
        lines += CodeText.wrapped("\(document.functionName)() returns a layer the size of the effect's canvas, \(size) points, with the effect's layers in it. Add it to a view's layer to play the effect:", width: 96)
        lines.append("")
        if document.platform == .macos {
            lines.append("    view.wantsLayer = true")
        }
        lines.append("    view.layer\(document.platform == .macos ? "?" : "").addSublayer(\(document.functionName)())")
        lines.append("")
        lines += CodeText.wrapped("Every value is fx's, in Core Animation's units (angles in radians, colors in sRGB). `fx import` reads this file back into the effect.", width: 96)
        return lines
    }

    // MARK: - SourceLanguage

    static func comment(_ text: String) -> [String] {
        CodeText.wrapped(text, width: 96).map { "// " + $0 }
    }

    static func declaration(of object: CoreAnimationObject, keyPath: String?) -> String {
        if let keyPath { return "let \(object.variableName) = \(object.className)(keyPath: \(string(keyPath)))" }
        return "let \(object.variableName) = \(object.className)()"
    }

    static func assignment(_ variable: String, _ property: String, _ value: String) -> String {
        "\(variable).\(property) = \(value)"
    }

    static func name(of property: CoreAnimationProperty) -> String { property.swiftName }

    static func list(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }

    static func setValue(_ value: String, forKey key: String, on variable: String) -> String {
        "\(variable).setValue(\(value), forKey: \(string(key)))"
    }

    static func addSublayer(_ child: String, to parent: String) -> String { "\(parent).addSublayer(\(child))" }

    static func add(_ animation: String, key: String, to layer: String) -> String {
        "\(layer).add(\(animation), forKey: \(string(key)))"
    }

    /// A string literal.
    static func string(_ text: String) -> String { "\"" + CodeText.escaped(text, swift: true) + "\"" }
}
