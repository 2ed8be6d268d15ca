/// One token of Swift or Objective-C source, as the Core Animation code importer reads it: a
/// small, tolerant tokenizer that knows comments, string literals, numbers, identifiers and
/// operators, and keeps the line of every token for warnings.
struct CoreAnimationCodeToken: Equatable {
    enum Kind: Equatable {
        /// A name: `cell`, `birthRate`, `kCAEmitterLayerCircle`, `@implementation`, `#define`.
        case identifier
        /// A number literal, already converted.
        case number
        /// A string literal's contents (`"x"` and `@"x"` alike).
        case string
        /// An operator or punctuation: `.`, `=`, `+=`, `(`, `...`, `?.`.
        case symbol
    }

    var kind: Kind
    var text: String
    var number: Double = 0
    /// 1-based line in its file.
    var line: Int
    /// Whether a line break comes before this token (Swift ends statements at line breaks).
    var startsLine: Bool
    /// 1-based column (in Unicode scalars) in its line, for errors.
    var column = 1

    /// Whether this is the symbol or identifier `text`.
    func `is`(_ text: String) -> Bool { kind != .string && kind != .number && self.text == text }

    /// Reads `source` into tokens. Never fails: an unknown character becomes a one-character
    /// symbol, an unterminated string or comment ends at the end of the file.
    static func tokenize(_ source: String) -> [CoreAnimationCodeToken] {
        let characters = Array(source.unicodeScalars)
        var tokens: [CoreAnimationCodeToken] = []
        var index = 0, line = 1, lineStart = 0
        var startsLine = true
        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < characters.count ? characters[index + offset] : nil
        }
        var tokenStart = 0
        func add(_ kind: Kind, _ text: String, number: Double = 0, line tokenLine: Int) {
            // A token's column is where it began on its line (a multi-line string's first line).
            tokens.append(CoreAnimationCodeToken(kind: kind, text: text, number: number, line: tokenLine, startsLine: startsLine,
                                                 column: tokenLine == line ? tokenStart - lineStart + 1 : 1))
            startsLine = false
        }
        let threeCharacter: Set<String> = ["...", "..<", "===", "!==", "<<=", ">>="]
        let twoCharacter: Set<String> = ["+=", "-=", "*=", "/=", "==", "!=", "<=", ">=", "&&", "||", "->", "?.", "??", "<<", ">>", "::", "++", "--"]
        while index < characters.count {
            let character = characters[index]
            tokenStart = index
            if character == "\n" {
                line += 1
                startsLine = true
                index += 1
                lineStart = index
                continue
            }
            if character.properties.isWhitespace {
                index += 1
                continue
            }
            // Comments.
            if character == "/", peek(1) == "/" {
                while let next = peek(), next != "\n" { index += 1 }
                continue
            }
            if character == "/", peek(1) == "*" {
                index += 2
                var depth = 1 // Swift nests block comments; Objective-C never nests them in practice.
                while index < characters.count, depth > 0 {
                    if characters[index] == "\n" { line += 1; startsLine = true; lineStart = index + 1 }
                    if characters[index] == "*", peek(1) == "/" { depth -= 1; index += 2; continue }
                    if characters[index] == "/", peek(1) == "*" { depth += 1; index += 2; continue }
                    index += 1
                }
                continue
            }
            // Strings: "…", @"…" and Swift's """…""" (read as one string).
            if character == "\"" || (character == "@" && peek(1) == "\"") {
                let tokenLine = line
                if character == "@" { index += 1 }
                let triple = peek(1) == "\"" && peek(2) == "\""
                index += triple ? 3 : 1
                var text = ""
                while index < characters.count {
                    let next = characters[index]
                    if triple, next == "\"", peek(1) == "\"", peek(2) == "\"" { index += 3; break }
                    if !triple, next == "\"" { index += 1; break }
                    if !triple, next == "\n" { break }
                    if next == "\n" { line += 1; lineStart = index + 1 }
                    if next == "\\", let escaped = peek(1) {
                        switch escaped {
                        case "(": text += "\\(" // Swift interpolation: kept, evaluated later
                        case "n": text += "\n"
                        case "t": text += "\t"
                        default: text.unicodeScalars.append(escaped)
                        }
                        index += 2
                        continue
                    }
                    text.unicodeScalars.append(next)
                    index += 1
                }
                add(.string, text, line: tokenLine)
                continue
            }
            // Numbers: 12, 1.5, .5 (Objective-C), 1e-3, 0x1F, 1_000, with C suffixes (f, F, L, u).
            let startsNumber = character.properties.numericType != nil && ("0"..."9").contains(character)
            let startsFraction = character == "." && (peek(1).map { ("0"..."9").contains($0) } ?? false)
                && !(tokens.last.map { $0.kind == .identifier || $0.is(")") || $0.is("]") } ?? false)
            if startsNumber || startsFraction {
                var text = ""
                if character == "0", peek(1) == "x" || peek(1) == "X" {
                    index += 2
                    while let next = peek(), next.properties.isASCIIHexDigit || next == "_" {
                        if next != "_" { text.unicodeScalars.append(next) }
                        index += 1
                    }
                    add(.number, "0x" + text, number: Double(UInt64(text, radix: 16) ?? 0), line: line)
                    continue
                }
                while let next = peek() {
                    if ("0"..."9").contains(next) || next == "_" {
                        if next != "_" { text.unicodeScalars.append(next) }
                        index += 1
                    } else if next == ".", let after = peek(1), ("0"..."9").contains(after), !text.contains(".") {
                        text += "."
                        index += 1
                    } else if next == ".", let after = peek(1), after == "f" || after == "F", !text.contains("."),
                              !(peek(2).map { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" } ?? false) {
                        // C's 255.f: a float literal with no fraction digits.
                        index += 1
                    } else if next == "e" || next == "E", let after = peek(1),
                              ("0"..."9").contains(after) || ((after == "-" || after == "+") && (peek(2).map { ("0"..."9").contains($0) } ?? false)) {
                        text.unicodeScalars.append(next)
                        text.unicodeScalars.append(after)
                        index += 2
                    } else {
                        break
                    }
                }
                while let next = peek(), "fFlLuU".unicodeScalars.contains(next) { index += 1 }
                add(.number, text, number: Double(text) ?? 0, line: line)
                continue
            }
            // Identifiers, with Objective-C's @keywords and the preprocessor's #directives.
            // Objective-C's @0 and @1.5 are numbers boxed: the @ is dropped.
            if character == "@", let next = peek(1), ("0"..."9").contains(next) {
                index += 1
                continue
            }
            if character == "_" || character.properties.isAlphabetic || ((character == "@" || character == "#" || character == "$")
                && (peek(1).map { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) } ?? false)) {
                var text = String(character)
                index += 1
                while let next = peek(), next == "_" || next.properties.isAlphabetic || ("0"..."9").contains(next) {
                    text.unicodeScalars.append(next)
                    index += 1
                }
                add(.identifier, text, line: line)
                continue
            }
            // Operators and punctuation.
            let rest3 = String(String.UnicodeScalarView(characters[index..<min(index + 3, characters.count)]))
            if threeCharacter.contains(rest3) {
                add(.symbol, rest3, line: line)
                index += 3
                continue
            }
            let rest2 = String(rest3.prefix(2))
            if twoCharacter.contains(rest2) {
                add(.symbol, rest2, line: line)
                index += 2
                continue
            }
            add(.symbol, String(character), line: line)
            index += 1
        }
        return tokens
    }
}
