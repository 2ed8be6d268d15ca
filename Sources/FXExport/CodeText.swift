import FXCore

/// How exported Swift and Objective-C print numbers, strings and names, so that `fx import`
/// reads back exactly what fx had: numbers in their shortest form that converts back to the
/// same `Double` (`0.1`, `1.5707963267948966`, `1e-05`), whole numbers without `.0`.
enum CodeText {
    /// `value` as a literal both languages read back exactly: `3`, `-0.25`, `1e-05`; infinity
    /// as `infinity` (the caller spells it for its language).
    static func number(_ value: Double, infinity: String, negativeInfinity: String) -> String {
        if value.isNaN { return "0" }
        if value == .infinity { return infinity }
        if value == -.infinity { return negativeInfinity }
        if value == value.rounded(), abs(value) < 1e15 {
            let whole = Int64(value)
            return whole == 0 ? "0" : String(whole)
        }
        return value.description
    }

    /// `value` as a floating-point literal of C (`-1.0`, `0.5`): a whole number keeps `.0`
    /// where C would otherwise divide integers.
    static func floatingNumber(_ value: Double) -> String {
        let text = number(value, infinity: "HUGE_VAL", negativeInfinity: "-HUGE_VAL")
        if text.contains(".") || text.contains("e") || text.contains("HUGE") { return text }
        return text + ".0"
    }

    /// The characters of `text` escaped for a string literal of Swift or C (the quotes not
    /// included): backslash, quote, newline, tab, carriage return and other controls.
    static func escaped(_ text: String, swift: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += swift ? "\\u{\(String(scalar.value, radix: 16))}" : octal(scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// An octal escape of C (`\033`), three digits.
    static func octal(_ value: UInt32) -> String {
        let digits = String(value, radix: 8)
        return "\\" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }

    /// The last component of a texture's path (`textures/ribbon.png` → `ribbon.png`).
    static func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    /// The name an app loads an image file by: without `.png`, which `UIImage(named:)` and
    /// `NSImage(named:)` assume; other files by their whole name.
    static func imageName(_ path: String) -> String {
        let name = fileName(path)
        return name.lowercased().hasSuffix(".png") ? String(name.dropLast(4)) : name
    }

    /// `name` with its first letter upper-cased (`position` → `Position`).
    static func capitalized(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }

    /// A new variable name made from `base`, not in `used` (then added to it): `base`,
    /// `base2`, `base3`…
    static func unique(_ base: String, in used: inout Set<String>) -> String {
        var candidate = base
        var counter = 2
        while used.contains(candidate) {
            candidate = base + String(counter)
            counter += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// The lines of `text` wrapped at `width` columns, for comments.
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !current.isEmpty, current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines.isEmpty ? [""] : lines
    }
}
