import FXCore

/// Writes a ``CoreAnimationDocument`` as one Objective-C file (ARC): a C function that builds and
/// returns the root layer with Core Animation's API (`CALayer *MakeConfettiLayer(void)`), each
/// object a local variable named after it, grouped by layer, with small static helpers for
/// sRGB colors and the built-in textures the effect uses.
enum ObjectiveCSourceWriter: CoreAnimationWriter, SourceLanguage {
    /// The helper making an autoreleased sRGB `CGColorRef`.
    static let colorFunction = "FXColor"
    /// The helper drawing fx's built-in textures.
    static let textureFunction = "FXBuiltinTexture"

    static func files(for document: CoreAnimationDocument, name: String) -> [ExportedFile] {
        [ExportedFile(relativePath: name + ".m", contents: .text(source(for: document, fileName: name + ".m")))]
    }

    /// The C function's name: the Swift function's, capitalized (`MakeConfettiLayer`).
    static func functionName(_ document: CoreAnimationDocument) -> String {
        CodeText.capitalized(document.functionName)
    }

    /// The whole file.
    static func source(for document: CoreAnimationDocument, fileName: String) -> String {
        let function = functionName(document)
        var body = SourceCodeBody<ObjectiveCSourceWriter>(document: document, reserved: [colorFunction, textureFunction, function])
        body.write(document.root)
        var text = header(for: document, fileName: fileName).map { $0.isEmpty ? "//" : "// " + $0 }.joined(separator: "\n") + "\n\n"
        text += "#import <QuartzCore/QuartzCore.h>\n#import <\(document.platform.framework)/\(document.platform.framework).h>\n"
        if body.helpers.contains(colorFunction) {
            text += "\n/// An sRGB color, autoreleased: the layer or cell it is set on keeps it.\n"
            text += "static CGColorRef \(colorFunction)(CGFloat red, CGFloat green, CGFloat blue, CGFloat alpha) {\n"
            text += "    return (CGColorRef)CFAutorelease(CGColorCreateSRGB(red, green, blue, alpha));\n"
            text += "}\n"
        }
        if !body.textures.isEmpty {
            text += "\n" + textureHelper(body.textures).joined(separator: "\n") + "\n"
        }
        text += "\n/// Builds the layers of the fx effect \"\(document.effectName)\" and returns their root, whose\n"
        text += "/// bounds are the effect's canvas.\n"
        text += "CALayer *\(function)(void) {\n"
        for line in body.lines + ["", "return \(document.root.variableName);"] {
            text += line.isEmpty ? "\n" : "    " + line + "\n"
        }
        text += "}\n"
        return text
    }

    /// The file's opening comment: where it comes from and how to use it.
    static func header(for document: CoreAnimationDocument, fileName: String) -> [String] {
        let size = "\(CodeText.number(document.canvasSize.width, infinity: "", negativeInfinity: "")) × \(CodeText.number(document.canvasSize.height, infinity: "", negativeInfinity: ""))"
        var lines = [fileName, "Exported by `fx export` from the fx effect \"\(document.effectName)\"."]
        if !document.summary.isEmpty { lines += CodeText.wrapped(document.summary, width: 96) }
        lines.append("")
        lines += CodeText.wrapped("\(functionName(document))() returns a layer the size of the effect's canvas, \(size) points, with the effect's layers in it. Add it to a view's layer to play the effect:", width: 96)
        lines.append("")
        if document.platform == .macos { lines.append("    view.wantsLayer = YES;") }
        lines.append("    [view.layer addSublayer:\(functionName(document))()];")
        lines.append("")
        lines += CodeText.wrapped("Compile with ARC. Every value is fx's, in Core Animation's units (angles in radians, colors in sRGB). `fx import` reads this file back into the effect.", width: 96)
        return lines
    }

    // MARK: - SourceLanguage

    static func comment(_ text: String) -> [String] {
        CodeText.wrapped(text, width: 96).map { "// " + $0 }
    }

    static func declaration(of object: CoreAnimationObject, keyPath: String?) -> String {
        let make: String
        if let keyPath {
            make = "[\(object.className) animationWithKeyPath:\(string(keyPath))]"
        } else if object.className == "CAEmitterCell" {
            make = "[CAEmitterCell emitterCell]"
        } else if SourceCodeBody<ObjectiveCSourceWriter>.isAnimation(object) {
            make = "[\(object.className) animation]"
        } else {
            make = "[\(object.className) layer]"
        }
        return "\(object.className) *\(object.variableName) = \(make);"
    }

    static func assignment(_ variable: String, _ property: String, _ value: String) -> String {
        "\(variable).\(property) = \(value);"
    }

    static func name(of property: CoreAnimationProperty) -> String { property.name }

    static func list(_ items: [String]) -> String { "@[" + items.joined(separator: ", ") + "]" }

    static func setValue(_ value: String, forKey key: String, on variable: String) -> String {
        "[\(variable) setValue:\(value) forKey:\(string(key))];"
    }

    static func addSublayer(_ child: String, to parent: String) -> String { "[\(parent) addSublayer:\(child)];" }

    static func add(_ animation: String, key: String, to layer: String) -> String {
        "[\(layer) addAnimation:\(animation) forKey:\(string(key))];"
    }

    /// An `NSString` literal.
    static func string(_ text: String) -> String { "@\"" + CodeText.escaped(text, swift: false) + "\"" }
}
