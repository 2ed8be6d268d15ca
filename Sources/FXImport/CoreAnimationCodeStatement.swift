/// A statement of Swift or Objective-C source, split by the Core Animation code importer: its
/// tokens, and for a header such as `func makeCell() -> CAEmitterCell`, `class Snow: CAEmitterCell`,
/// `if …`, `for … in …` or `@implementation X`, the statements of its block (and of an `else`).
/// Closures inside expressions (`= { … }()`, `.map { … }`) stay in the tokens; the evaluator
/// splits them when it runs them.
struct CoreAnimationCodeStatement {
    var tokens: [CoreAnimationCodeToken]
    var body: [CoreAnimationCodeStatement]?
    var elseBody: [CoreAnimationCodeStatement]?
    /// The index of the source file in the import.
    var file: Int

    /// The statement's first line.
    var line: Int { tokens.first?.line ?? 0 }

    /// Blocks nested deeper than ``CoreAnimationCodeConfig/maxNesting`` (braces, `else if`
    /// chains, `@implementation` inside `@implementation`): where, for the error.
    struct TooDeep: Error {
        var token: CoreAnimationCodeToken
    }

    /// Splits `tokens` into statements. `objectiveC` ends statements at `;` only; Swift also ends
    /// them at a line break that does not continue an expression.
    /// - Throws: ``TooDeep`` when blocks nest deeper than ``CoreAnimationCodeConfig/maxNesting``,
    ///   so that no input overflows the stack.
    static func split(_ tokens: [CoreAnimationCodeToken], file: Int, objectiveC: Bool) throws -> [CoreAnimationCodeStatement] {
        var splitter = Splitter(tokens: tokens, file: file, objectiveC: objectiveC)
        return try splitter.statements(untilBrace: false, level: 0)
    }

    private struct Splitter {
        let tokens: [CoreAnimationCodeToken]
        let file: Int
        let objectiveC: Bool
        var index = 0

        init(tokens: [CoreAnimationCodeToken], file: Int, objectiveC: Bool) {
            self.tokens = tokens
            self.file = file
            self.objectiveC = objectiveC
        }

        /// The statements up to the closing brace (or `@end`) at nesting `level` (blocks inside blocks).
        mutating func statements(untilBrace: Bool, untilEnd: Bool = false, level: Int) throws -> [CoreAnimationCodeStatement] {
            if level > CoreAnimationCodeConfig.maxNesting { throw TooDeep(token: tokens[max(0, min(index, tokens.count) - 1)]) }
            var result: [CoreAnimationCodeStatement] = []
            while index < tokens.count {
                let token = tokens[index]
                if token.is(";") { index += 1; continue }
                if token.is("}") {
                    index += 1
                    if untilBrace { return result }
                    continue // a stray brace: skip it
                }
                if token.is("@end") {
                    index += 1
                    if untilEnd { return result }
                    continue
                }
                if let statement = try statement(level: level) { result.append(statement) }
            }
            return result
        }

        /// The balanced tokens from the `{` at `index` to its `}`, both included.
        mutating func braced() -> [CoreAnimationCodeToken] {
            var depth = 0
            var collected: [CoreAnimationCodeToken] = []
            while index < tokens.count {
                let token = tokens[index]
                collected.append(token)
                index += 1
                if token.is("{") { depth += 1 }
                if token.is("}") {
                    depth -= 1
                    if depth == 0 { break }
                }
            }
            return collected
        }

        /// Whether a `{` after `previous` opens a closure (part of an expression) rather than a block.
        static func opensClosure(after previous: CoreAnimationCodeToken?) -> Bool {
            guard let previous else { return false }
            return ["=", "(", "[", ",", "return", "in", "map", "compactMap", "flatMap", "forEach", "??", "^", ":"].contains(previous.text)
                && previous.kind != .string
        }

        /// Whether a line break between `previous` and `next` continues the Swift statement.
        static func continues(_ previous: CoreAnimationCodeToken, _ next: CoreAnimationCodeToken) -> Bool {
            let joiners: Set<String> = ["=", "+=", "-=", "*=", "/=", "+", "-", "*", "/", ",", ".", "(", "[", "&&", "||", "??", "?", ":", "->", "..<", "...", "?."]
            if previous.kind == .symbol, joiners.contains(previous.text) { return true }
            let leaders: Set<String> = [".", "?.", "+", "-", "*", "/", "&&", "||", "??", ")", "]", ",", "..<", "..."]
            return next.kind == .symbol && leaders.contains(next.text)
        }

        mutating func statement(level: Int) throws -> CoreAnimationCodeStatement? {
            let first = tokens[index]
            // Preprocessor lines end at the line's end.
            if first.text.hasPrefix("#"), first.kind == .identifier, ["#define", "#import", "#include", "#pragma", "#if", "#ifdef", "#ifndef", "#endif", "#else", "#elif", "#undef"].contains(first.text) {
                var collected = [first]
                index += 1
                while index < tokens.count, !tokens[index].startsLine {
                    collected.append(tokens[index])
                    index += 1
                }
                return CoreAnimationCodeStatement(tokens: collected, file: file)
            }
            // Objective-C's @interface / @implementation … @end.
            if ["@interface", "@implementation", "@protocol"].contains(first.text) {
                var header = [first]
                index += 1
                while index < tokens.count, !tokens[index].startsLine, !tokens[index].is("{") {
                    header.append(tokens[index])
                    index += 1
                }
                if index < tokens.count, tokens[index].is("{") { _ = braced() } // instance variables
                let body = try statements(untilBrace: false, untilEnd: true, level: level + 1)
                return CoreAnimationCodeStatement(tokens: header, body: body, file: file)
            }
            var collected: [CoreAnimationCodeToken] = []
            var depth = 0
            while index < tokens.count {
                let token = tokens[index]
                if depth == 0 {
                    if token.is(";") { index += 1; break }
                    if token.is("}") || token.is("@end") { break }
                    if !objectiveC, token.startsLine, let last = collected.last, !Self.continues(last, token) { break }
                    if token.is("{") {
                        if Self.opensClosure(after: collected.last) {
                            collected += braced()
                            continue
                        }
                        index += 1
                        var statement = CoreAnimationCodeStatement(tokens: collected, file: file)
                        statement.body = try statements(untilBrace: true, level: level + 1)
                        if index < tokens.count, tokens[index].is("else") {
                            index += 1
                            if index < tokens.count, tokens[index].is("{") {
                                index += 1
                                statement.elseBody = try statements(untilBrace: true, level: level + 1)
                            } else if index < tokens.count {
                                // `else if`: a chain nests one level a link, as it runs.
                                if level + 1 > CoreAnimationCodeConfig.maxNesting { throw TooDeep(token: tokens[index]) }
                                if let chained = try self.statement(level: level + 1) { statement.elseBody = [chained] }
                            }
                        }
                        return statement
                    }
                } else if token.is("{") {
                    collected += braced()
                    continue
                }
                if token.is("(") || token.is("[") { depth += 1 }
                if token.is(")") || token.is("]") { depth = max(0, depth - 1) }
                collected.append(token)
                index += 1
            }
            return collected.isEmpty ? nil : CoreAnimationCodeStatement(tokens: collected, file: file)
        }
    }
}
