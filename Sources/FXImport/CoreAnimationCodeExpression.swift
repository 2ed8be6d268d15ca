import Foundation

/// Evaluates one expression of Swift or Objective-C set-up code: literals, arithmetic
/// (`+ - * /`, parentheses, unary minus), names, member access (`.pi`, `.cgColor`,
/// `view.bounds.midX`), calls and initialisers (`UIColor(red:green:blue:alpha:)`,
/// `CGPoint(x:y:)`, `makeCell(color:)`), Objective-C message sends (`[UIColor colorWithRed:…]`,
/// `[cell setScale:0.1]`), array literals (`[a, b]`, `@[a, b]`), closures (`.map { … }`,
/// `{ … }()`), casts (`as!`, `(CAEmitterLayer *)`) and `??`. What it cannot follow evaluates
/// to `unknown` with the reason; it never throws.
final class CoreAnimationCodeExpression {
    typealias Token = CoreAnimationCodeToken
    typealias Value = CoreAnimationCodeValue

    let tokens: ArraySlice<Token>
    /// The cursor: the next token to read, `tokens.endIndex` at the end and never past it (a
    /// slice of the tokens up to a cursor past the end traps).
    var index: Int {
        didSet { if index > tokens.endIndex { index = tokens.endIndex } }
    }
    unowned let config: CoreAnimationCodeConfig
    /// The variable the current postfix chain started from (for `cells.append(cell)`).
    var baseVariable: String?
    /// The object and property the current postfix chain last read (for `emitter.emitterCells?.append(cell)`).
    var baseProperty: (object: Int, name: String)?

    init(_ tokens: ArraySlice<Token>, config: CoreAnimationCodeConfig) {
        self.tokens = tokens
        self.index = tokens.startIndex
        self.config = config
    }

    var peek: Token? { index < tokens.endIndex ? tokens[index] : nil }
    func peek(_ offset: Int) -> Token? { index + offset < tokens.endIndex ? tokens[index + offset] : nil }
    var objectiveC: Bool { config.objectiveC[config.file] }

    /// The whole slice as one expression; tokens left over make it unknown.
    func evaluateAll() -> Value {
        let value = expression()
        if let rest = peek {
            return .unknown("could not read from \"\(CoreAnimationCodeConfig.text(tokens[index...]))\"")
                .keepingKnown(value, rest: rest)
        }
        return value
    }

    static let precedence: [String: Int] = ["??": 1, "||": 2, "&&": 3, "|": 4, "^": 5, "&": 6, "==": 7, "!=": 7, "<": 7, ">": 7, "<=": 7, ">=": 7,
                                            "...": 8, "..<": 8, "<<": 9, ">>": 9, "+": 10, "-": 10, "*": 11, "/": 11, "%": 11]

    func expression(_ minimum: Int = 0) -> Value {
        // Each bracket, and each operator of higher precedence, nests a call: bounded so that no
        // input overflows the stack (the brackets are also counted when the file is read).
        guard config.enterNesting(at: peek) else { return .unknown("nested too deep") }
        defer { config.leaveNesting() }
        var left = unary()
        while let token = peek, token.kind == .symbol {
            if token.is("?"), minimum == 0 {
                // cond ? a : b
                index += 1
                let whenTrue = expression(1)
                guard peek?.is(":") == true else { return .unknown("an unfinished ?: expression") }
                index += 1
                let whenFalse = expression(1)
                if case .bool(let flag) = left { left = flag ? whenTrue : whenFalse } else { left = .unknown("a condition known only when the app runs") }
                continue
            }
            guard let level = Self.precedence[token.text], level > minimum else { break }
            index += 1
            let right = expression(level)
            left = CoreAnimationCodeConfig.operate(left, token.text, right)
        }
        return left
    }

    /// A prefix operator read by ``unary()``, applied once the operand is known.
    private enum Prefix {
        case negate, not, cast(String)
    }

    /// Prefix operators (`-`, `!`, `+`, `&`, `*`, `try`, `await`, Objective-C casts) then the
    /// operand: read in a loop, not by recursion, so that `- - - … 1` of any length costs no
    /// stack.
    func unary() -> Value {
        var prefixes: [Prefix] = []
        while let token = peek {
            if token.kind == .identifier, ["try", "await"].contains(token.text) {
                index += 1
                if peek?.is("?") == true || peek?.is("!") == true { index += 1 }
                continue
            }
            guard token.kind == .symbol else { break }
            if token.is("-") { index += 1; prefixes.append(.negate); continue }
            if token.is("+") || token.is("&") || token.is("*") { index += 1; continue }
            if token.is("!") { index += 1; prefixes.append(.not); continue }
            if token.is("("), let cast = castType() { prefixes.append(.cast(cast)); continue }
            break
        }
        guard peek != nil else { return .unknown("an expression is missing") }
        var value = postfix(primary())
        for prefix in prefixes.reversed() {
            switch prefix {
            case .negate: value = CoreAnimationCodeConfig.arithmetic(.number(0), "-", value)
            case .not:
                if case .bool(let flag) = value { value = .bool(!flag) } else { value = .unknown("a condition known only when the app runs") }
            case .cast(let type): value = config.cast(value, to: type, source: "")
            }
        }
        return value
    }

    /// A C cast `(Type)` or `(Type *)` at the cursor (Objective-C only); consumes it.
    func castType() -> String? {
        guard objectiveC else { return nil }
        var cursor = index + 1
        var words: [String] = []
        while cursor < tokens.endIndex, tokens[cursor].kind == .identifier || tokens[cursor].is("*") {
            if tokens[cursor].kind == .identifier { words.append(tokens[cursor].text) }
            cursor += 1
        }
        guard !words.isEmpty, cursor < tokens.endIndex, tokens[cursor].is(")"), cursor + 1 < tokens.endIndex else { return nil }
        let next = tokens[cursor + 1]
        guard next.kind != .symbol || next.is("(") || next.is("[") || next.is("@") || next.is("-") else { return nil }
        if words.count == 1, config.lookup(words[0]) != nil { return nil } // (value) followed by something
        index = cursor + 1
        return words.last { !["__bridge", "const", "id"].contains($0) } ?? "id"
    }

    func primary() -> Value {
        guard let token = peek else { return .unknown("an expression is missing") }
        index += 1
        baseVariable = nil
        switch token.kind {
        case .number: return .number(token.number)
        case .string: return token.text.contains("\\(") ? config.interpolate(token.text) : .string(token.text)
        case .symbol:
            switch token.text {
            case "(":
                let inner = expression()
                if peek?.is(",") == true {
                    skipToClose(")")
                    return .unknown("a tuple")
                }
                if peek?.is(")") == true { index += 1 }
                return inner
            case "[":
                return objectiveC ? messageSend() : arrayLiteral(closing: "]")
            case "@":
                if peek?.is("[") == true { index += 1; return arrayLiteral(closing: "]") }
                // @"text" broken across lines (`@` at one line's end, the string on the next)
                if let next = peek, next.kind == .string { return primary() }
                if peek?.is("(") == true {
                    index += 1
                    let inner = expression()
                    if peek?.is(")") == true { index += 1 }
                    return inner
                }
                if peek?.is("{") == true { index += 1; skipToClose("}"); return .unknown("a dictionary literal") }
                return .unknown("an unexpected @")
            case "{":
                return closureLiteral()
            case "^":
                if peek?.is("(") == true { index += 1; skipToClose(")") }
                if peek?.is("{") == true { index += 1; return closureLiteral() }
                return .unknown("a block")
            case ".":
                guard let name = peek, name.kind == .identifier else { return .unknown("a stray .") }
                index += 1
                return config.implicitMember(name.text)
            default:
                return .unknown("an unexpected \(token.text)")
            }
        case .identifier:
            let name = token.text
            // #colorLiteral(red:green:blue:alpha:)
            if name == "#colorLiteral", peek?.is("(") == true {
                index += 1
                return config.construct("UIColor", arguments())
            }
            // #imageLiteral(resourceName: "x") and #keyPath(CAEmitterLayer.birthRate).
            if name == "#imageLiteral", peek?.is("(") == true {
                index += 1
                if case .string(let image)? = arguments().first?.value { return .image(image) }
                return .image(nil)
            }
            if name == "#keyPath", peek?.is("(") == true {
                index += 1
                let start = index
                skipToClose(")")
                var words = tokens[start..<max(start, index - 1)].filter { $0.kind == .identifier }.map(\.text)
                if let first = words.first, first.first?.isUppercase == true, words.count > 1 { words.removeFirst() }
                return .string(words.joined(separator: "."))
            }
            if name.hasPrefix("#") {
                if peek?.is("(") == true { index += 1; skipToClose(")") }
                return .unknown("\(name)")
            }
            let value = config.identifier(name)
            baseVariable = config.lookup(name) != nil ? name : nil
            return value
        }
    }

    /// Skips to the `closing` bracket matching one already consumed.
    func skipToClose(_ closing: String) {
        var depth = 0
        while let token = peek {
            index += 1
            if token.is("(") || token.is("[") || token.is("{") { depth += 1 }
            if token.is(")") || token.is("]") || token.is("}") {
                if depth == 0 { return }
                depth -= 1
            }
        }
    }

    /// The tokens of a `{ … }` whose `{` was consumed, as a closure.
    func closureLiteral() -> Value {
        let start = index
        skipToClose("}")
        let end = max(start, index - 1)
        return .closure(Array(tokens[start..<end]), file: config.file)
    }

    func arrayLiteral(closing: String) -> Value {
        var items: [Value] = []
        while let token = peek, !token.is(closing) {
            if token.is(",") { index += 1; continue }
            let before = index
            let item = expression()
            if peek?.is(":") == true { skipToClose(closing); return .unknown("a dictionary literal") }
            items.append(item)
            if index == before { index += 1 }
        }
        if peek?.is(closing) == true { index += 1 }
        if objectiveC, case .unknown? = items.last, items.count > 1 {} // arrayWithObjects: …, nil
        return .array(items)
    }

    /// `(label: value, …)` after the `(`; returns the arguments with their labels.
    func arguments() -> [CoreAnimationCodeConfig.Argument] {
        var result: [CoreAnimationCodeConfig.Argument] = []
        while let token = peek, !token.is(")") {
            if token.is(",") { index += 1; continue }
            var label: String?
            if token.kind == .identifier, peek(1)?.is(":") == true {
                label = token.text
                index += 2
            }
            let start = index
            let value = expression()
            result.append(CoreAnimationCodeConfig.Argument(label: label, value: value, tokens: tokens[start..<index]))
            // Nothing read (a token no expression starts with, or the end after a label: `f(a:`
            // truncated): step over one token, but never past the end.
            if index == start, index < tokens.endIndex { index += 1 }
        }
        if peek?.is(")") == true { index += 1 }
        return result
    }

    /// `[receiver selector]` or `[receiver part:arg part:arg]` after the `[`.
    func messageSend() -> Value {
        let receiverStart = index
        var receiver = postfix(primary())
        // `[colors[i] CGColor]`: in the receiver's place a `[` can only be a subscript (a message's
        // selector is a word), which postfix leaves alone in Objective-C.
        while peek?.is("[") == true {
            index += 1
            let position = expression()
            skipToClose("]")
            if case .array(let items) = receiver, !items.isEmpty, let number = position.number,
               let element = ImportedNumber.whole(number, in: 0...(items.count - 1)).exactValue {
                receiver = items[element]
            } else {
                receiver = .unknown("a subscript")
            }
        }
        let receiverVariable = index == receiverStart + 1 ? tokens[receiverStart].text : nil
        var selector = ""
        var arguments: [CoreAnimationCodeConfig.Argument] = []
        while let token = peek, !token.is("]") {
            guard token.kind == .identifier else {
                if token.is(":"), !selector.isEmpty {
                    // functionWithControlPoints:0.2 :0.0 :0.8 :1.0
                    index += 1
                    selector += ":"
                    let start = index
                    let value = expression()
                    arguments.append(CoreAnimationCodeConfig.Argument(label: nil, value: value, tokens: tokens[start..<index]))
                    continue
                }
                if token.is(",") {
                    // arrayWithObjects:a, b, nil
                    index += 1
                    let start = index
                    let value = expression()
                    arguments.append(CoreAnimationCodeConfig.Argument(label: nil, value: value, tokens: tokens[start..<index]))
                    continue
                }
                skipToClose("]")
                return .unknown("could not read the message to \(CoreAnimationCodeConfig.text(tokens[receiverStart..<min(index, tokens.endIndex)]))")
            }
            index += 1
            if peek?.is(":") == true {
                index += 1
                selector += token.text + ":"
                let start = index
                let value = expression()
                arguments.append(CoreAnimationCodeConfig.Argument(label: token.text, value: value, tokens: tokens[start..<index]))
            } else {
                selector += token.text
                break
            }
        }
        if peek?.is("]") == true { index += 1 } else { skipToClose("]") }
        return config.send(receiver, selector, arguments, receiverVariable: receiverVariable)
    }

    func postfix(_ start: Value) -> Value {
        var value = start
        while let token = peek {
            if token.is(".") || token.is("?.") || token.is("->") {
                guard let name = peek(1), name.kind == .identifier else { break }
                index += 2
                let variable = baseVariable
                let property = baseProperty
                baseVariable = nil
                baseProperty = nil
                let owner: Int? = { if case .object(let object) = value { return object }; return nil }()
                if peek?.is("(") == true, !(peek?.startsLine ?? false) {
                    index += 1
                    var arguments = arguments()
                    if peek?.is("{") == true, ["map", "forEach", "compactMap", "flatMap", "sorted", "filter"].contains(name.text) {
                        index += 1
                        arguments.append(CoreAnimationCodeConfig.Argument(label: nil, value: closureLiteral(), tokens: []))
                    }
                    value = config.callMethod(value, name.text, arguments, baseVariable: variable, baseProperty: property)
                } else if peek?.is("{") == true, ["map", "forEach", "compactMap", "flatMap", "sorted", "filter"].contains(name.text) {
                    index += 1
                    value = config.callMethod(value, name.text, [CoreAnimationCodeConfig.Argument(label: nil, value: closureLiteral(), tokens: [])], baseVariable: variable, baseProperty: property)
                } else {
                    value = config.member(value, name.text)
                    if let owner { baseProperty = (owner, name.text) }
                }
                continue
            }
            if token.is("!") || (token.is("?") && (peek(1)?.is(".") == true || peek(1)?.is("?.") == true)) {
                index += 1
                continue
            }
            if token.is("("), !token.startsLine {
                index += 1
                value = config.call(value, arguments())
                baseVariable = nil
                continue
            }
            if token.is("["), !token.startsLine, !objectiveC {
                index += 1
                let start = index
                let subscriptValue = expression()
                _ = start
                skipToClose("]")
                if case .array(let items) = value, !items.isEmpty, let position = subscriptValue.number,
                   let element = ImportedNumber.whole(position, in: 0...(items.count - 1)).exactValue {
                    value = items[element]
                } else {
                    value = .unknown("a subscript")
                }
                continue
            }
            if token.is("as") || token.is("is") {
                index += 1
                if peek?.is("!") == true || peek?.is("?") == true { index += 1 }
                // The type: Name, [Name], Name<…>
                var typeName = ""
                var depth = 0
                while let next = peek {
                    if next.is("[") || next.is("<") { depth += 1; index += 1; continue }
                    if next.is("]") || next.is(">"), depth > 0 { depth -= 1; index += 1; continue }
                    if next.kind == .identifier || next.is(".") {
                        if next.kind == .identifier { typeName = next.text }
                        index += 1
                        continue
                    }
                    if depth == 0 { break }
                    index += 1
                }
                if token.is("is") { value = .unknown("a type test") } else { value = config.cast(value, to: typeName, source: "") }
                continue
            }
            break
        }
        return value
    }
}

extension CoreAnimationCodeValue {
    /// Keeps a value read before unreadable trailing tokens only when the trailing part is a
    /// harmless suffix (a `;`), else this unknown.
    fileprivate func keepingKnown(_ value: CoreAnimationCodeValue, rest: CoreAnimationCodeToken) -> CoreAnimationCodeValue {
        rest.is(";") ? value : self
    }
}

extension CoreAnimationCodeConfig {
    /// An argument of a call or message: its label (Swift) or selector part (Objective-C).
    struct Argument {
        var label: String?
        var value: CoreAnimationCodeValue
        var tokens: ArraySlice<CoreAnimationCodeToken>
    }

    /// Evaluates `tokens` as one expression.
    func evaluate(_ tokens: ArraySlice<CoreAnimationCodeToken>) -> CoreAnimationCodeValue {
        guard !tokens.isEmpty else { return .unknown("an expression is missing") }
        return CoreAnimationCodeExpression(tokens, config: self).evaluateAll()
    }

    /// A binary operator on two values.
    static func operate(_ left: CoreAnimationCodeValue, _ operation: String, _ right: CoreAnimationCodeValue) -> CoreAnimationCodeValue {
        switch operation {
        case "??": return left.isUnknown ? right : left
        case "...", "..<":
            guard let low = left.number, let high = right.number else { return .unknown("a range of values known only when the app runs") }
            let last = operation == "..." ? high : high - 1
            guard low == low.rounded(), high == high.rounded(), last - low < 1000 else { return .unknown("a range") }
            return .array(last < low ? [] : stride(from: low, through: last, by: 1).map { .number($0) })
        case "+", "-", "*", "/", "%": return arithmetic(left, operation, right)
        case "&", "|", "^", "<<", ">>":
            guard let a = left.number, let b = right.number, a == a.rounded(), b == b.rounded(), abs(a) < 1e15, abs(b) < 64 || !operation.hasPrefix("<") && !operation.hasPrefix(">") else {
                return .unknown("bit operations on values known only when the app runs")
            }
            let x = Int64(a), y = Int64(b)
            switch operation {
            case "&": return .number(Double(x & y))
            case "|": return .number(Double(x | y))
            case "^": return .number(Double(x ^ y))
            case "<<": return .number(Double(x << y))
            default: return .number(Double(x >> y))
            }
        case "&&", "||":
            guard case .bool(let a) = left, case .bool(let b) = right else { return .unknown("a condition known only when the app runs") }
            return .bool(operation == "&&" ? a && b : a || b)
        case "==", "!=", "<", ">", "<=", ">=":
            if case .string(let a) = left, case .string(let b) = right, operation == "==" || operation == "!=" { return .bool((a == b) == (operation == "==")) }
            guard let a = left.number, let b = right.number else { return .unknown("a condition known only when the app runs") }
            switch operation {
            case "==": return .bool(a == b)
            case "!=": return .bool(a != b)
            case "<": return .bool(a < b)
            case ">": return .bool(a > b)
            case "<=": return .bool(a <= b)
            default: return .bool(a >= b)
            }
        default: return .unknown("a condition known only when the app runs")
        }
    }

    /// `+ - * / %` on numbers (and `+` on arrays and strings).
    static func arithmetic(_ left: CoreAnimationCodeValue, _ operation: String, _ right: CoreAnimationCodeValue) -> CoreAnimationCodeValue {
        if case .unknown = left { return left }
        if case .unknown = right { return right }
        // Capped, so that a value doubled in a loop cannot take the importer's memory.
        if operation == "+", case .array(let a) = left, case .array(let b) = right {
            return a.count + b.count <= CoreAnimationCodeConfig.maxValueLength ? .array(a + b) : .unknown("an array longer than \(CoreAnimationCodeConfig.maxValueLength) items")
        }
        if operation == "+", case .string(let a) = left, case .string(let b) = right {
            return a.utf8.count + b.utf8.count <= CoreAnimationCodeConfig.maxValueLength ? .string(a + b) : .unknown("a string longer than \(CoreAnimationCodeConfig.maxValueLength) bytes")
        }
        guard let a = left.number, let b = right.number else {
            return .unknown("arithmetic on \(left.summary) and \(right.summary)")
        }
        switch operation {
        case "+": return .number(a + b)
        case "-": return .number(a - b)
        case "*": return .number(a * b)
        case "/": return b == 0 ? .unknown("a division by zero") : .number(a / b)
        default: return b == 0 ? .unknown("a division by zero") : .number(a.truncatingRemainder(dividingBy: b))
        }
    }
}
