import FXCore
import Foundation

extension CAMLMapping {
    // MARK: - Numbers

    /// The numbers of a CAML value (`"0 0 390 844"`, `"1, 2"`), or nil when one is not a number.
    static func numbers(_ text: String) -> [Double]? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        var result: [Double] = []
        result.reserveCapacity(parts.count)
        for part in parts {
            guard let value = Double(part) else { return nil }
            result.append(value)
        }
        return result
    }

    /// A radian angle as the effect writes it: `"45deg"` when it is a round number of degrees.
    static func angle(_ radians: Double) -> ImportedJSON {
        let degrees = radians * 180 / .pi
        if abs(degrees * 100 - (degrees * 100).rounded()) < 1e-6 { return .string(ImportedJSON.text(of: degrees) + "deg") }
        return .number(radians)
    }

    /// A color's components kept to 0…1 (Core Animation's extended range is warned).
    mutating func color(_ components: [Double], line: Int, key: String) -> ImportedJSON {
        if components.contains(where: { $0 < 0 || $0 > 1 }) {
            notes.warn(key, "an extended-range color (components outside 0…1) is clamped to 0…1: fx draws standard-range colors", line: line)
        }
        let clamped = components.map { min(1, max(0, $0)) }
        return Self.hexColor(clamped).map { .string($0) } ?? .array(clamped.map { .number($0) })
    }

    /// `#rrggbb` (or `#rrggbbaa`) for a color whose components are whole 255ths that 6
    /// decimals would not give back exactly (`0.06274509803921569` is `#10`): the color the
    /// hex an effect was written with, or `fx export` printed, stands for, kept exact.
    static func hexColor(_ components: [Double]) -> String? {
        guard components.count == 4, components.contains(where: { Double(ImportedJSON.text(of: $0)) != $0 }) else { return nil }
        let bytes = components.map { ($0 * 255).rounded() }
        guard zip(bytes, components).allSatisfy({ $0 / 255 == $1 }) else { return nil }
        let text = bytes.map { String(format: "%02x", Int($0)) }
        return "#" + text[0..<3].joined() + (components[3] == 1 ? "" : text[3])
    }

    // MARK: - Attribute text

    /// An attribute's text as the value of `descriptor`, by its form; nil (warned) when it
    /// cannot be read.
    mutating func convert(_ text: String, _ descriptor: PropertyDescriptor, line: Int, key: String) -> ImportedJSON? {
        func fail(_ expected: String) -> ImportedJSON? {
            notes.warn(key, "could not read \"\(text.prefix(60))\" as \(expected): dropped", line: line)
            return nil
        }
        let numbers = Self.numbers(text)
        func finite(_ count: Int) -> [Double]? {
            guard let numbers, numbers.count == count, numbers.allSatisfy(\.isFinite) else { return nil }
            return numbers
        }
        switch descriptor.form {
        case .number, .integer:
            guard let number = finite(1)?[0] else { return fail(numbers?.count == 1 ? "a finite number" : "a number") }
            return .number(descriptor.form == .integer ? number.rounded() : number)
        case .angle:
            guard let number = finite(1)?[0] else { return fail("an angle in radians") }
            return Self.angle(number)
        case .boolean:
            switch text.lowercased() {
            case "1", "true", "yes": return .bool(true)
            case "0", "false", "no": return .bool(false)
            default: return fail("0 or 1")
            }
        case .color:
            guard let numbers, numbers.count == 3 || numbers.count == 4, numbers.allSatisfy(\.isFinite) else { return fail("a color (\"r g b\")") }
            return color(numbers.count == 3 ? numbers + [1] : numbers, line: line, key: key)
        case .point, .size:
            guard let pair = finite(2) else { return fail(descriptor.form == .point ? "a point (\"x y\")" : "a size (\"w h\")") }
            return .array(pair.map { .number($0) })
        case .rect, .bounds:
            guard let rect = finite(4) else { return fail("a rectangle (\"x y w h\")") }
            return .array(rect.map { .number($0) })
        case .transform:
            if text.trimmingCharacters(in: .whitespaces).isEmpty { return nil }
            switch CAMLTransform.parse(text) {
            case .success(let parsed):
                for dropped in parsed.dropped { notes.warn(key, dropped + ": left out", line: line) }
                return parsed.operations.isEmpty ? nil : .array(parsed.operations)
            case .failure(let error):
                return fail("a transform (\(error.reason))")
            }
        case .numbers:
            guard let numbers, numbers.allSatisfy(\.isFinite) else { return fail("numbers") }
            return .array(numbers.map { .number($0) })
        case .path, .string:
            return .string(text)
        case .repeatCount:
            let lower = text.lowercased()
            if lower == "inf" || lower == "infinity" || lower == "+inf" { return .string(MediaTiming.infinityName) }
            guard let number = finite(1)?[0] else { return fail("a repeat count") }
            return number >= 1e9 ? .string(MediaTiming.infinityName) : .number(max(0, number))
        case .timingFunction:
            if TimingFunction.names.contains(text) { return .string(text) }
            if let points = finite(4) { return .array(points.map { .number($0) }) }
            return fail("a timing function (\(TimingFunction.names.joined(separator: ", ")), or 4 control-point numbers)")
        case .enumeration(let allowed):
            if allowed.contains(text) { return .string(text) }
            let spellings: [String: String] = ["non-zero": "nonZero", "even-odd": "evenOdd", "natural": "left", "justified": "left",
                                               "kCAFillRuleNonZero": "nonZero", "kCAFillRuleEvenOdd": "evenOdd"]
            if let mapped = spellings[text], allowed.contains(mapped) {
                if text == "justified" || text == "natural" {
                    notes.warn(key, "\"\(text)\" alignment is drawn left-aligned: fx aligns lines left, center or right", line: line)
                }
                return .string(mapped)
            }
            let folded = text.replacingOccurrences(of: "-", with: "").lowercased()
            if let match = allowed.first(where: { $0.lowercased() == folded }) { return .string(match) }
            return fail("one of \(allowed.joined(separator: ", "))")
        default:
            notes.warn(key, "fx does not read \(descriptor.name) from a CAML attribute: dropped", line: line)
            return nil
        }
    }

    // MARK: - Property elements

    /// A property written as an element (`<backgroundColor opacity="0.5" value="1 0 0"/>`,
    /// `<colors><CGColor value="…"/>…</colors>`, `<instanceTransform type="CATransform3D" value="…"/>`).
    mutating func convert(_ element: CAMLElement, _ descriptor: PropertyDescriptor) -> ImportedJSON? {
        let key = element.name
        switch descriptor.form {
        case .color:
            return colorValue(element, key: key)
        case .colors:
            var colors: [ImportedJSON] = []
            for item in element.children {
                guard let color = colorValue(item, key: key) else { return nil }
                colors.append(color)
            }
            return .array(colors)
        case .numbers:
            if let text = element["value"] { return convert(text, descriptor, line: element.line, key: key) }
            var numbers: [ImportedJSON] = []
            for item in element.children {
                guard let text = item["value"] ?? (item.text.isEmpty ? nil : item.text), let number = Self.numbers(text), number.count == 1, number[0].isFinite else {
                    notes.warn(key, "could not read the item <\(item.name)> as a number: the list is dropped", line: item.line)
                    return nil
                }
                numbers.append(.number(number[0]))
            }
            return .array(numbers)
        default:
            if let text = element["value"] { return convert(text, descriptor, line: element.line, key: key) }
            if let item = element.children.first, let text = item["value"] { return convert(text, descriptor, line: item.line, key: key) }
            if !element.text.isEmpty { return convert(element.text, descriptor, line: element.line, key: key) }
            if element.attributes.allSatisfy({ $0.name == "type" }) && element.children.isEmpty { return nil } // `<transform type="CATransform3D"/>`: identity
            notes.warn(key, "could not read the element <\(key)> as \(descriptor.name): dropped", line: element.line)
            return nil
        }
    }

    /// A color element: `value="r g b"` with `opacity`, or a `<CGColor>` child holding them.
    mutating func colorValue(_ element: CAMLElement, key: String) -> ImportedJSON? {
        var holder = element
        if element["value"] == nil, let child = element.children.first { holder = child }
        guard let text = holder["value"], let numbers = Self.numbers(text), numbers.count == 3 || numbers.count == 4, numbers.allSatisfy(\.isFinite) else {
            notes.warn(key, "could not read <\(holder.name)> as a color (value=\"r g b\" opacity=\"a\"): dropped", line: holder.line)
            return nil
        }
        var alpha = numbers.count == 4 ? numbers[3] : 1
        if let opacity = holder["opacity"] {
            guard let value = Double(opacity), value.isFinite else {
                notes.warn(key, "could not read opacity=\"\(opacity.prefix(40))\" as a number: dropped", line: holder.line)
                return nil
            }
            alpha = value
        }
        return color(Array(numbers.prefix(3)) + [alpha], line: holder.line, key: key)
    }

    // MARK: - Typed values (animations, states)

    /// What a typed value stands for where the type does not say (`fromValue="1 0 0"`).
    enum ValueHint {
        case plain, angle, color, transform, image
    }

    /// A typed value element (`<real value="1"/>`, `<CGPoint value="1 2"/>`,
    /// `<toValue type="CGColor" value="1 0 0" opacity="1"/>`, `<CGImage src="…"/>`), or a
    /// value's text, as JSON; nil (warned) when it cannot be read.
    mutating func typedValue(_ element: CAMLElement, hint: ValueHint, key: String) -> ImportedJSON? {
        let type = element["type"] ?? element.name
        if hint == .image || type == "CGImage" || element["src"] != nil || element.child("CGImage") != nil {
            return imageName(in: element).map { .string($0) }
        }
        if type == "CGColor" || hint == .color { return colorValue(element, key: key) }
        if type == "NSArray" || (element["value"] == nil && element.children.count > 1) {
            var items: [ImportedJSON] = []
            for child in element.children {
                guard let item = typedValue(child, hint: hint, key: key) else { return nil }
                items.append(item)
            }
            return .array(items)
        }
        guard let text = element["value"] ?? element.children.first?["value"] ?? (element.text.isEmpty ? nil : element.text) else {
            notes.warn(key, "<\(element.name)> holds no value: dropped", line: element.line)
            return nil
        }
        return textValue(text, type: type, hint: hint, line: element.line, key: key)
    }

    /// A value written as text, typed by `type` or `hint`.
    mutating func textValue(_ text: String, type: String?, hint: ValueHint, line: Int, key: String) -> ImportedJSON? {
        if type == "CATransform3D" || hint == .transform {
            if text.trimmingCharacters(in: .whitespaces).isEmpty { return .array([]) }
            switch CAMLTransform.parse(text) {
            case .success(let parsed):
                for dropped in parsed.dropped { notes.warn(key, dropped + ": left out", line: line) }
                return .array(parsed.operations)
            case .failure(let error):
                notes.warn(key, "could not read \"\(text.prefix(60))\" as a transform (\(error.reason)): dropped", line: line)
                return nil
            }
        }
        if type == "NSString" || type == "string" || type == "CGPath" { return .string(text) }
        if type == "BOOL" || type == "bool" { return .bool(text == "1" || text.lowercased() == "true") }
        guard let numbers = Self.numbers(text), !numbers.isEmpty else {
            notes.warn(key, "could not read \"\(text.prefix(60))\" as a value: dropped", line: line)
            return nil
        }
        guard numbers.allSatisfy(\.isFinite) else {
            notes.warn(key, "\"\(text.prefix(60))\" is not a finite number fx can use: dropped", line: line)
            return nil
        }
        if hint == .color, numbers.count == 3 || numbers.count == 4 { return color(numbers.count == 3 ? numbers + [1] : numbers, line: line, key: key) }
        if numbers.count == 1 { return hint == .angle ? Self.angle(numbers[0]) : .number(numbers[0]) }
        return .array(numbers.map { .number($0) })
    }

    // MARK: - Images

    /// The built-in texture an image is, when it is named like one (`assets/star.png`) and
    /// holds exactly its pixels at full size, as `fx export` renders it into a bundle's
    /// `assets/`: it comes back as the built-in texture (which fx draws afresh at each mip
    /// level), not as an image file. Any other image, by that name or not, is a file.
    static func builtinTexture(named name: String, bytes: Data) -> BuiltinTexture? {
        guard let texture = BuiltinTexture(rawValue: name), let size = PNGPixels.size(bytes),
              Double(size.width) == texture.pixelSize.width, Double(size.height) == texture.pixelSize.height,
              let image = PNGPixels.rgba(bytes) else { return nil }
        return image == texture.image(level: 0) ? texture : nil
    }

    /// The texture name of the image an element names: `src` on it, or on a `<CGImage>` child.
    mutating func imageName(in element: CAMLElement) -> String? {
        if let src = element.attribute("src") { return texture(src: src.value, line: src.line, column: src.column, key: element.name) }
        if let image = element.children.first(where: { $0["src"] != nil }), let src = image.attribute("src") {
            return texture(src: src.value, line: src.line, column: src.column, key: element.name)
        }
        if element.attributes.contains(where: { $0.name == "type" && $0.value == "CGImage" }) || element.child("CGImage") != nil {
            notes.warn(element.name, "the image has no src: dropped", line: element.line)
        }
        return nil
    }

    /// The texture for `src` (a path in the bundle, URL-encoded, or a `data:` URL), declared
    /// under `textures` and written beside the effect; nil (warned) when it cannot be read.
    mutating func texture(src: String, line: Int, column: Int, key: String) -> String? {
        if let known = textureNames[src] { return known }
        var bytes: Data
        var fileName: String
        if src.hasPrefix("data:") {
            guard let comma = src.firstIndex(of: ","), src[..<comma].hasSuffix(";base64") else {
                notes.warn(key, "the data: URL at column \(column) is not base64 image data (data:image/png;base64,…): dropped", line: line)
                return nil
            }
            guard let decoded = Data(base64Encoded: String(src[src.index(after: comma)...]).filter { !$0.isWhitespace }) else {
                notes.warn(key, "the data: URL at column \(column) is not valid base64: dropped", line: line)
                return nil
            }
            bytes = decoded
            fileName = "image-\(textures.count + 1)"
        } else {
            let path = src.removingPercentEncoding ?? src
            let parts = path.split(separator: "/", omittingEmptySubsequences: true)
            guard !path.hasPrefix("/"), !path.contains("://"), !parts.contains(".."), !parts.isEmpty else {
                notes.warn(key, "the image \"\(src)\" (column \(column)) is outside the bundle: fx reads images inside the .ca folder only; dropped", line: line)
                return nil
            }
            let url = bundle.appendingPathComponent(path)
            guard let data = ImportSource.sibling(url) else {
                notes.warn(key, "the image \"\(path)\" (column \(column)) is not in \(bundle.lastPathComponent)/, or is not a readable file of at most 64 MB: dropped", line: line)
                return nil
            }
            bytes = data
            fileName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            if URL(fileURLWithPath: path).pathExtension.lowercased() == "png", let builtin = Self.builtinTexture(named: fileName, bytes: bytes) {
                textureNames[src] = builtin.rawValue
                return builtin.rawValue
            }
        }
        let isPNG = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47])
        let isJPEG = bytes.starts(with: [0xFF, 0xD8, 0xFF])
        let isGIF = bytes.starts(with: Array("GIF8".utf8))
        let isTIFF = bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
        guard isPNG || isJPEG || isGIF || isTIFF else {
            notes.warn(key, "the image \"\(src.prefix(60))\" (column \(column)) is not a PNG, JPEG, GIF or TIFF: dropped", line: line)
            return nil
        }
        var base = fileName.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" ? String($0) : "-" }.joined()
        if base.isEmpty { base = "image" }
        var textureName = base
        var number = 2
        while usedTextureNames.contains(textureName) || BuiltinTexture(rawValue: textureName) != nil {
            textureName = "\(base)-\(number)"
            number += 1
        }
        usedTextureNames.insert(textureName)
        let ext = isTIFF ? "png" : isPNG ? "png" : isJPEG ? "jpg" : "gif"
        var written = "\(name)-\(textureName).\(ext)"
        var suffix = 2
        while usedFileNames.contains(written) { written = "\(name)-\(textureName)-\(suffix).\(ext)"; suffix += 1 }
        usedFileNames.insert(written)
        files.append(ImportedFile(relativePath: written, contents: bytes, convertsToPNG: isTIFF))
        textures.append(ImportedMember(entry: textureName, .string(written)))
        textureNames[src] = textureName
        return textureName
    }
}
