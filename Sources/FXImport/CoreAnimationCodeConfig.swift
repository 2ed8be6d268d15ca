import FXCore
import Foundation

/// Reads Swift and Objective-C set-up code as Core Animation would run it, far enough to know
/// the emitter layers and cells it makes: it is not a compiler. It splits the sources into
/// statements, records classes, functions and methods, then runs the set-up: top-level code,
/// the stored properties and the methods no other code calls (`viewDidLoad`, `setupEmitter`),
/// calling functions, initialisers and closures as the code does. Every assignment to an
/// emitter layer's or cell's property is kept with its line; a line touching one that cannot be
/// read becomes a warning.
final class CoreAnimationCodeConfig {
    /// A class (or struct, enum, extension) of the sources.
    struct ClassInfo {
        var name: String
        var superclass: String?
        var body: [CoreAnimationCodeStatement] = []
        var file: Int
    }

    /// A function, method or initialiser of the sources.
    struct FunctionInfo {
        /// Swift's base name (`makeCell`, `init`) or Objective-C's selector (`cellWithColor:`).
        var name: String
        /// Argument labels (nil: none), one per parameter.
        var labels: [String?]
        /// Parameter names inside the body.
        var parameters: [String]
        /// Default values' tokens, by parameter.
        var defaults: [[CoreAnimationCodeToken]?]
        /// The parameters' declared types (`CGRect`, `CGFloat`), nil where none is written.
        var parameterTypes: [String?] = []
        var body: [CoreAnimationCodeStatement]
        var className: String?
        var file: Int
        var line: Int
        /// A computed property's getter (read by name, no call).
        var isGetter = false
        /// Whether it returns an image (`-> UIImage`, `- (UIImage *)…`).
        var returnsImage = false
    }

    /// What running a statement did.
    enum Flow {
        case normal
        case returned(CoreAnimationCodeValue)
    }

    let sources: [ImportSource]
    let objectiveC: [Bool]
    var statements: [[CoreAnimationCodeStatement]] = []
    var classes: [String: ClassInfo] = [:]
    var classOrder: [String] = []
    var functions: [String: [FunctionInfo]] = [:]
    /// Names of functions called somewhere in the sources (those are not entry points).
    var calledNames: Set<String> = []
    /// Globals first, then one scope per function call and block.
    var scopes: [[String: CoreAnimationCodeValue]] = [[:]]
    var selfStack: [CoreAnimationCodeValue] = []
    var objects: [CoreAnimationCodeObject] = []
    /// Layers added to a view's layer (or to a layer the code did not make), in order: the
    /// effect's top-level layers.
    var rootLayers: [Int] = []
    /// Layers a function outside any class returns when run as set-up (`func makeConfettiLayer()
    /// -> CALayer`, as `fx export` writes): such a plain layer, holding the others, may stand for
    /// the canvas (see ``CoreAnimationCodeMapping``).
    var returnedLayers: [Int] = []
    /// Plain layers standing for the layers of views the code uses but does not make
    /// (`self.testButton.layer`), by the reason the view is unknown.
    var standInLayers: [String: Int] = [:]
    var warnings: [ImportWarning] = []
    /// Lines already warned about, so a line run twice warns once.
    var warnedLines: Set<String> = []
    /// The entry function running now (for "changed later" reports).
    var entry = ""
    var callDepth = 0
    /// Statements, calls and closures run so far; a set-up that runs more than
    /// ``maxSteps`` (nested loops, branching recursion) is cut short, warned, so that no file
    /// can hang the importer.
    var steps = 0
    static let maxSteps = 20_000
    /// The longest list `append` and `addObject:` grow (each append copies the list, as the
    /// values are immutable; a set-up has tens of cells).
    static let maxListLength = 2_000
    /// The longest string or array a value may be (a string doubled in a loop is cut).
    static let maxValueLength = 65_536
    /// The functions being run now, by where they are declared: a call to one of them again is
    /// recursion, which a set-up does not need and the importer does not follow.
    var activeFunctions: Set<String> = []
    /// The file and line being run.
    var file = 0
    var line = 0
    /// The canvas assumed for `view.bounds` and `UIScreen.main.bounds`: an iPhone's 390 × 844 points.
    static let screen = (width: 390.0, height: 844.0)
    /// Whether the code read the view's or screen's size (the canvas stands for it).
    var usedScreenSize: (file: Int, line: Int, what: String)?

    init(_ sources: [ImportSource]) throws {
        self.sources = sources
        var objectiveC: [Bool] = []
        for (index, source) in sources.enumerated() {
            guard let text = String(data: source.data, encoding: .utf8) else {
                throw ImportError.unreadable(path: source.path, reason: "not UTF-8 text: Core Animation code is read as Swift or Objective-C source")
            }
            let ext = URL(fileURLWithPath: source.path).pathExtension.lowercased()
            let isObjectiveC = ["m", "mm", "h"].contains(ext)
                || (ext != "swift" && (text.contains("@implementation") || text.contains("@interface") || text.contains("[CAEmitterCell ")))
            objectiveC.append(isObjectiveC)
            let tokens = CoreAnimationCodeToken.tokenize(text)
            try Self.checkNesting(tokens, path: source.path)
            do {
                statements.append(try CoreAnimationCodeStatement.split(tokens, file: index, objectiveC: isObjectiveC))
            } catch let error as CoreAnimationCodeStatement.TooDeep {
                throw Self.tooDeep(error.token, path: source.path)
            }
        }
        self.objectiveC = objectiveC
        for list in statements { declare(list, className: nil) }
        for list in statements { collectCalls(list) }
    }

    // MARK: - Nesting

    /// The deepest the code reader follows brackets, braces and blocks inside one another (as
    /// FXCore's JSON parser limits its nesting): deeper input is an error naming where, not a
    /// stack overflow. Set-up code nests a few levels; generated or hostile code may nest
    /// thousands.
    static let maxNesting = 100
    /// The deepest expressions, blocks and calls nest while the set-up runs, all together (a
    /// function of nesting 100 calling another…): past it the reader stops with the same error.
    static let maxEvaluationDepth = 1_000
    /// The nesting being evaluated now (see ``maxEvaluationDepth``).
    var evaluationDepth = 0
    /// The first place evaluation nested too deep; ``CoreAnimationCodeMapping`` throws it.
    var nestingError: ImportError?

    /// The error for nesting deeper than the reader follows, at `token`.
    static func tooDeep(_ token: CoreAnimationCodeToken, path: String, limit: Int = maxNesting) -> ImportError {
        .malformed(path: path, line: token.line,
                   message: "nesting deeper than \(limit) levels at \(token.line):\(token.column) (brackets, braces or blocks inside one another); fx reads set-up code of ordinary depth")
    }

    /// Refuses `tokens` whose brackets (`(`, `[`, `{`) nest deeper than ``maxNesting``: one
    /// pass, before anything recursive reads them.
    static func checkNesting(_ tokens: [CoreAnimationCodeToken], path: String) throws {
        var depth = 0
        for token in tokens where token.kind == .symbol {
            if token.is("(") || token.is("[") || token.is("{") {
                depth += 1
                if depth > maxNesting { throw tooDeep(token, path: path) }
            } else if token.is(")") || token.is("]") || token.is("}") {
                depth = max(0, depth - 1)
            }
        }
    }

    /// Enters one level of evaluation; false (the error kept) past ``maxEvaluationDepth``.
    func enterNesting(at token: CoreAnimationCodeToken?) -> Bool {
        guard evaluationDepth < Self.maxEvaluationDepth, nestingError == nil else {
            if nestingError == nil {
                let place = token ?? CoreAnimationCodeToken(kind: .symbol, text: "", line: line, startsLine: false)
                nestingError = Self.tooDeep(place, path: sources[file].path, limit: Self.maxEvaluationDepth)
            }
            return false
        }
        evaluationDepth += 1
        return true
    }

    /// Leaves a level entered by ``enterNesting(at:)``.
    func leaveNesting() {
        evaluationDepth -= 1
    }

    // MARK: - Warnings

    func warn(_ key: String, _ message: String, file: Int? = nil, line: Int? = nil) {
        let file = file ?? self.file, line = line ?? self.line
        let id = "\(file):\(line):\(key):\(message)"
        guard !warnedLines.contains(id) else { return }
        warnedLines.insert(id)
        warnings.append(ImportWarning(file: sources[file].path, line: line, key: key, message: message))
    }

    /// The source text of `tokens`, for messages.
    static func text(_ tokens: ArraySlice<CoreAnimationCodeToken>) -> String {
        var text = ""
        var previous: CoreAnimationCodeToken?
        for token in tokens {
            let glue = previous.map { $0.is(".") || $0.is("(") || $0.is("[") || $0.is("?.") || token.is(".") || token.is("?.") || token.is(")") || token.is("]") || token.is(",") || token.is(":") || token.is("(") && $0.kind == .identifier } ?? true
            if !glue { text += " " }
            text += token.kind == .string ? "\"\(token.text)\"" : token.text
            previous = token
        }
        return text.count > 80 ? String(text.prefix(77)) + "…" : text
    }

    // MARK: - Declarations

    static let modifiers: Set<String> = ["private", "fileprivate", "public", "internal", "open", "static", "lazy", "weak", "unowned", "final",
                                         "override", "@objc", "@IBOutlet", "@IBInspectable", "@MainActor", "nonisolated", "mutating", "required",
                                         "convenience", "dynamic", "const", "extern", "__weak", "__strong", "__block", "volatile", "inline",
                                         "@discardableResult", "@available", "indirect", "@nonobjc", "@IBAction"]

    /// The statement's tokens without leading modifiers (`private static let` → `let`); `class`
    /// before `func`, `var` or `let` is a modifier too.
    static func stripped(_ tokens: [CoreAnimationCodeToken]) -> ArraySlice<CoreAnimationCodeToken> {
        var slice = tokens[...]
        while let first = slice.first {
            if modifiers.contains(first.text), first.kind == .identifier {
                slice = slice.dropFirst()
                // @available(iOS 13, *) and private(set)
                if slice.first?.is("(") == true, let close = slice.firstIndex(where: { $0.is(")") }) { slice = slice[(close + 1)...] }
                continue
            }
            if first.is("class"), let next = slice.dropFirst().first, ["func", "var", "let"].contains(next.text) {
                slice = slice.dropFirst()
                continue
            }
            break
        }
        return slice
    }

    /// A function-like macro, `#define DEGREES(x) ((x) * M_PI / 180)`: its name, parameters and
    /// replacement, or nil for an object-like one (`#define RATE (5 * 2)`).
    static func macro(_ tokens: ArraySlice<CoreAnimationCodeToken>) -> (String, [String], ArraySlice<CoreAnimationCodeToken>)? {
        guard tokens.count > 3, tokens.first?.is("#define") == true else { return nil }
        let name = tokens[tokens.startIndex + 1]
        let open = tokens.startIndex + 2
        guard tokens[open].is("("), let close = tokens[open...].firstIndex(where: { $0.is(")") }), close + 1 < tokens.endIndex else { return nil }
        let inside = tokens[(open + 1)..<close]
        guard inside.allSatisfy({ $0.kind == .identifier || $0.is(",") }) else { return nil }
        return (name.text, inside.filter { $0.kind == .identifier }.map(\.text), tokens[(close + 1)...])
    }

    /// Records the classes and functions in `list` (recursively through class bodies).
    func declare(_ list: [CoreAnimationCodeStatement], className: String?) {
        for statement in list {
            let tokens = Self.stripped(statement.tokens)
            guard let first = tokens.first else { continue }
            if let (name, parameters, replacement) = Self.macro(tokens) {
                let body = CoreAnimationCodeStatement(tokens: [CoreAnimationCodeToken(kind: .identifier, text: "return", line: first.line, startsLine: true)] + replacement, file: statement.file)
                functions[name, default: []].append(FunctionInfo(name: name, labels: parameters.map { _ in nil }, parameters: parameters,
                                                                 defaults: parameters.map { _ in nil }, body: [body], className: nil, file: statement.file, line: first.line))
                calledNames.insert(name) // a macro runs only where it is used
                continue
            }
            if let body = statement.body {
                if ["class", "struct", "enum", "extension", "actor"].contains(first.text), tokens.count > 1 {
                    let name = tokens[tokens.startIndex + 1].text
                    var superclass: String?
                    if let colon = tokens.firstIndex(where: { $0.is(":") }), colon + 1 < tokens.endIndex { superclass = tokens[colon + 1].text }
                    addClass(name, superclass: superclass, body: body, file: statement.file)
                    declare(body, className: name)
                } else if first.is("@interface") || first.is("@implementation") {
                    let name = tokens.count > 1 ? tokens[tokens.startIndex + 1].text : "?"
                    var superclass: String?
                    if let colon = tokens.firstIndex(where: { $0.is(":") }), colon + 1 < tokens.endIndex { superclass = tokens[colon + 1].text }
                    addClass(name, superclass: superclass, body: first.is("@implementation") ? body : [], file: statement.file)
                    declare(body, className: name)
                } else if let function = Self.function(tokens, body: body, className: className, file: statement.file) {
                    functions[function.name, default: []].append(function)
                }
            }
        }
    }

    func addClass(_ name: String, superclass: String?, body: [CoreAnimationCodeStatement], file: Int) {
        if var existing = classes[name] {
            existing.body += body
            if existing.superclass == nil || existing.superclass == "NSObject" { existing.superclass = superclass ?? existing.superclass }
            classes[name] = existing
        } else {
            classes[name] = ClassInfo(name: name, superclass: superclass, body: body, file: file)
            classOrder.append(name)
        }
    }

    /// A function, initialiser, Objective-C method, C function or computed property from its header.
    static func function(_ tokens: ArraySlice<CoreAnimationCodeToken>, body: [CoreAnimationCodeStatement], className: String?, file: Int) -> FunctionInfo? {
        var function = declaredFunction(tokens, body: body, className: className, file: file)
        // The return type: after -> in Swift, the first parentheses of an Objective-C method, before the name of a C function.
        let imageTypes: Set<String> = ["UIImage", "CGImage", "CGImageRef", "NSImage"]
        let returnTokens: ArraySlice<CoreAnimationCodeToken>
        if let arrow = tokens.firstIndex(where: { $0.is("->") }) {
            returnTokens = tokens[(arrow + 1)...]
        } else if tokens.first?.is("-") == true || tokens.first?.is("+") == true {
            returnTokens = tokens.prefix { !$0.is(")") }
        } else if tokens.first?.is("func") == true || tokens.first?.is("init") == true {
            returnTokens = []
        } else {
            returnTokens = tokens.prefix { !$0.is("(") }
        }
        function?.returnsImage = returnTokens.contains { imageTypes.contains($0.text) }
        return function
    }

    private static func declaredFunction(_ tokens: ArraySlice<CoreAnimationCodeToken>, body: [CoreAnimationCodeStatement], className: String?, file: Int) -> FunctionInfo? {
        guard let first = tokens.first else { return nil }
        let line = first.line
        if first.is("func") || first.is("init") || first.is("deinit") {
            let name = first.is("func") ? (tokens.dropFirst().first?.text ?? "") : first.text
            var labels: [String?] = [], parameters: [String] = [], defaults: [[CoreAnimationCodeToken]?] = [], types: [String?] = []
            if let open = tokens.firstIndex(where: { $0.is("(") }) {
                for parameter in splitTopLevel(tokens[(open + 1)...], closing: ")") where !parameter.isEmpty {
                    let colon = parameter.firstIndex { $0.is(":") } ?? parameter.endIndex
                    let names = parameter[parameter.startIndex..<colon].filter { $0.kind == .identifier }
                    let external = names.first?.text
                    labels.append(external == "_" ? nil : external)
                    parameters.append(names.last?.text ?? "_")
                    defaults.append(parameter.firstIndex { $0.is("=") }.map { Array(parameter[($0 + 1)...]) })
                    // rect: CGRect, _ size: inout CGSize
                    types.append(parameter[colon...].first { $0.kind == .identifier && !["inout", "borrowing", "consuming"].contains($0.text) && !$0.text.hasPrefix("@") }?.text)
                }
            }
            return FunctionInfo(name: name, labels: labels, parameters: parameters, defaults: defaults, parameterTypes: types, body: body, className: className, file: file, line: line)
        }
        if first.is("var") || first.is("let"), tokens.count > 1 {
            return FunctionInfo(name: tokens[tokens.startIndex + 1].text, labels: [], parameters: [], defaults: [], body: body, className: className,
                                file: file, line: line, isGetter: true)
        }
        if first.is("-") || first.is("+") {
            // - (CAEmitterCell *)cellWithColor:(UIColor *)color speed:(CGFloat)speed
            var rest = tokens.dropFirst()
            if rest.first?.is("(") == true, let close = rest.firstIndex(where: { $0.is(")") }) { rest = rest[(close + 1)...] }
            var selector = "", parameters: [String] = [], types: [String?] = []
            var index = rest.startIndex
            while index < rest.endIndex {
                guard rest[index].kind == .identifier else { break }
                let part = rest[index].text
                index += 1
                if index < rest.endIndex, rest[index].is(":") {
                    selector += part + ":"
                    index += 1
                    var type: String?
                    if index < rest.endIndex, rest[index].is("("), let close = rest[index...].firstIndex(where: { $0.is(")") }) {
                        // (CGRect), (nonnull UIColor *), (const CGFloat)
                        type = rest[(index + 1)..<close].last { $0.kind == .identifier }?.text
                        index = close + 1
                    }
                    if index < rest.endIndex, rest[index].kind == .identifier {
                        parameters.append(rest[index].text)
                        types.append(type)
                        index += 1
                    }
                } else {
                    selector += part
                    break
                }
            }
            guard !selector.isEmpty else { return nil }
            return FunctionInfo(name: selector, labels: parameters.map { _ in nil }, parameters: parameters, defaults: parameters.map { _ in nil },
                                parameterTypes: types, body: body, className: className, file: file, line: line)
        }
        // A C function: static CAEmitterCell *makeCell(UIColor *color, CGFloat speed)
        if ["if", "for", "while", "switch", "guard", "do", "else", "repeat", "catch", "defer"].contains(first.text) { return nil }
        guard let open = tokens.firstIndex(where: { $0.is("(") }), open > tokens.startIndex, tokens[open - 1].kind == .identifier,
              open - 1 > tokens.startIndex, tokens.last?.is(")") == true, !tokens.contains(where: { $0.is("=") || $0.is(".") }) else { return nil }
        let name = tokens[open - 1].text
        var parameters: [String] = [], types: [String?] = []
        for parameter in splitTopLevel(tokens[(open + 1)...], closing: ")") where !parameter.isEmpty {
            if let last = parameter.last(where: { $0.kind == .identifier }), !(parameter.count == 1 && last.text == "void") {
                parameters.append(last.text)
                // CGRect rect, const CGSize size: the word before the name.
                types.append(parameter.filter { $0.kind == .identifier && $0.text != "const" }.dropLast().last?.text)
            }
        }
        return FunctionInfo(name: name, labels: parameters.map { _ in nil }, parameters: parameters, defaults: parameters.map { _ in nil },
                            parameterTypes: types, body: body, className: className, file: file, line: line)
    }

    /// The comma-separated parts of `tokens` up to the `closing` bracket that ends them.
    /// The index of the bracket that closes the one `tokens` starts with, or nil.
    static func matchingClose(of tokens: ArraySlice<CoreAnimationCodeToken>) -> Int? {
        var depth = 0
        for index in tokens.indices {
            let token = tokens[index]
            if token.is("(") || token.is("[") || token.is("{") { depth += 1 }
            if token.is(")") || token.is("]") || token.is("}") {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// `tokens` split at every `separator` outside brackets (`;` in a C `for` header).
    static func split(_ tokens: ArraySlice<CoreAnimationCodeToken>, at separator: String) -> [ArraySlice<CoreAnimationCodeToken>] {
        var parts: [ArraySlice<CoreAnimationCodeToken>] = []
        var depth = 0
        var start = tokens.startIndex
        for index in tokens.indices {
            let token = tokens[index]
            if token.is("(") || token.is("[") || token.is("{") { depth += 1 }
            if token.is(")") || token.is("]") || token.is("}") { depth -= 1 }
            if depth == 0, token.is(separator) {
                parts.append(tokens[start..<index])
                start = index + 1
            }
        }
        parts.append(tokens[start...])
        return parts
    }

    static func splitTopLevel(_ tokens: ArraySlice<CoreAnimationCodeToken>, closing: String) -> [ArraySlice<CoreAnimationCodeToken>] {
        var parts: [ArraySlice<CoreAnimationCodeToken>] = []
        var depth = 0
        var start = tokens.startIndex
        for index in tokens.indices {
            let token = tokens[index]
            if token.is("(") || token.is("[") || token.is("{") { depth += 1 }
            if token.is(")") || token.is("]") || token.is("}") {
                if depth == 0 {
                    if token.is(closing) { parts.append(tokens[start..<index]); return parts }
                }
                depth -= 1
            }
            if depth == 0, token.is(",") {
                parts.append(tokens[start..<index])
                start = index + 1
            }
        }
        parts.append(tokens[start...])
        return parts
    }

    /// Notes every name that is called (`name(`, `self.name(`, `[x name…]`), so entry points are
    /// the methods nothing calls.
    func collectCalls(_ list: [CoreAnimationCodeStatement]) {
        for statement in list {
            let tokens = statement.tokens
            let isHeader = statement.body != nil
            collectCalls(in: tokens, skipFirstCall: isHeader)
            if let body = statement.body { collectCalls(body) }
            if let body = statement.elseBody { collectCalls(body) }
        }
    }

    func collectCalls(in tokens: [CoreAnimationCodeToken], skipFirstCall: Bool) {
        // A header's own name is not a call of it.
        let declaredName: String? = {
            let stripped = Self.stripped(tokens)
            guard skipFirstCall, let first = stripped.first else { return nil }
            if first.is("func") { return stripped.dropFirst().first?.text }
            if first.is("-") || first.is("+") { return "objc-method" }
            // A C function's header (`CALayer *MakeConfettiLayer(void)`) names it, not a call.
            if !["var", "let", "init", "class", "struct", "enum", "extension", "actor", "return", "try", "await", "throw"].contains(first.text),
               let open = stripped.firstIndex(where: { $0.is("(") }), open - 2 >= stripped.startIndex,
               stripped[open - 2].is("*") || stripped[open - 2].kind == .identifier {
                return Self.function(stripped, body: [], className: nil, file: 0)?.name
            }
            return nil
        }()
        if declaredName == "objc-method" { return }
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            // super.viewDidLoad() and [super viewDidLoad] call the superclass's, not this one.
            if index >= 1, tokens[index - 1].is("super") { continue }
            if index >= 2, tokens[index - 1].is("."), tokens[index - 2].is("super") { continue }
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            if next?.is("(") == true || next?.is("{") == true, token.text != declaredName { calledNames.insert(token.text) }
            // Objective-C: [receiver selector…] or [receiver part:arg part:arg]
            if index > 0, tokens[index - 1].kind == .identifier || tokens[index - 1].is("]"), next?.is(":") == true || next?.is("]") == true {
                var selector = token.text + (next?.is(":") == true ? ":" : "")
                if next?.is(":") == true {
                    // Follow the further parts at the same depth.
                    var depth = 0
                    var cursor = index + 2
                    while cursor < tokens.count {
                        let part = tokens[cursor]
                        if part.is("[") || part.is("(") { depth += 1 }
                        if part.is("]") || part.is(")") {
                            if depth == 0 { break }
                            depth -= 1
                        }
                        if depth == 0, part.kind == .identifier, cursor + 1 < tokens.count, tokens[cursor + 1].is(":"),
                           tokens[cursor - 1].kind != .symbol || tokens[cursor - 1].is("]") || tokens[cursor - 1].is(")") {
                            selector += part.text + ":"
                        }
                        cursor += 1
                    }
                }
                calledNames.insert(selector)
            }
        }
    }

    // MARK: - Running the set-up

    /// The superclass chain's Core Animation class: `CAEmitterLayer`, `CAEmitterCell`, an
    /// animation or layer class, or nil.
    func coreAnimationBase(of className: String) -> String? {
        var name: String? = className
        var seen: Set<String> = []
        while let current = name, !seen.contains(current) {
            if ["CAEmitterLayer", "CAEmitterCell"].contains(current) || Self.animationClasses.contains(current) || Self.layerClasses[current] != nil { return current }
            seen.insert(current)
            name = classes[current]?.superclass
        }
        return nil
    }

    /// The order UIKit calls a view's or view controller's methods in: initialisers, then
    /// loading, appearing and layout; other methods after them, in source order.
    static func lifecycleRank(_ name: String) -> Int {
        if name.hasPrefix("init") { return 0 }
        let order = ["awakeFromNib", "loadView", "viewDidLoad", "didMoveToSuperview", "didMoveToWindow", "viewWillAppear", "viewWillAppear:",
                     "viewDidAppear", "viewDidAppear:", "layoutSubviews", "viewWillLayoutSubviews", "viewDidLayoutSubviews"]
        return order.firstIndex(of: name).map { $0 + 1 } ?? order.count + 1
    }

    /// Method names that stop or tear down an effect: not run as set-up.
    static func isTeardown(_ name: String) -> Bool {
        // The words of the camel-case name (stopConfetti → stop, confetti; viewDidDisappear →
        // view, did, disappear), so sendConfetti or renderSnow are not taken for "end".
        var words: [String] = []
        for character in name {
            if character.isUppercase || words.isEmpty || character == "_" || character == ":" {
                words.append("")
            }
            if character != "_" && character != ":" { words[words.count - 1].append(Character(character.lowercased())) }
        }
        let teardown: Set<String> = ["stop", "end", "hide", "remove", "pause", "reset", "deinit", "dealloc", "disappear", "cleanup", "clear",
                                     "finish", "cancel", "tear", "teardown", "invalidate", "dismiss", "destroy", "unload"]
        return words.contains { teardown.contains($0) }
    }

    /// Runs the set-up: every file's top-level code, then each ordinary class's stored properties
    /// and the methods nothing calls; Core Animation subclasses run when made. A layer subclass
    /// nothing makes is made at the end, as the view that owns it would.
    func run() {
        // Functions outside any class, and top-level statements (a playground, a snippet pasted
        // without its class: `self.view`, `self.headerLayer = …`), have for self an object
        // standing for the missing class.
        let snippetSelf = makeObject(kind: .other, className: "the snippet's class", file: 0, line: 1)
        selfStack.append(.object(snippetSelf))
        for (index, list) in statements.enumerated() {
            file = index
            entry = "top level"
            _ = execute(list, topLevel: true)
        }
        selfStack.removeLast()
        // Every ordinary class's stored properties first (an enum of constants may come after the
        // view that uses it), then their methods.
        var instances: [String: Int] = [:]
        for name in classOrder {
            guard let info = classes[name], coreAnimationBase(of: name) == nil else { continue }
            let instance = makeObject(kind: .other, className: name, file: info.file, line: info.body.first?.line ?? 1)
            instances[name] = instance
            selfStack.append(.object(instance))
            file = info.file
            entry = name
            for statement in info.body where statement.body == nil { _ = execute([statement], topLevel: true) }
            selfStack.removeLast()
        }
        for name in classOrder {
            guard let info = classes[name], let instance = instances[name] else { continue }
            selfStack.append(.object(instance))
            file = info.file
            entry = name
            var ranInit = false
            for function in (functions.values.flatMap { $0 }).filter({ $0.className == name && !$0.isGetter })
                .sorted(by: { (Self.lifecycleRank($0.name), $0.file, $0.line) < (Self.lifecycleRank($1.name), $1.file, $1.line) }) {
                if function.name == "init" || function.name.hasPrefix("init") {
                    if ranInit || !calledNames.isDisjoint(with: [function.name]) && function.name != "init" { continue }
                    // init(coder:) and initWithCoder: run when a storyboard makes the view: UIKit
                    // makes it with init(frame:) in code, so another initialiser is run first.
                    let fromCoder = function.labels.first == "coder" || function.name == "initWithCoder:"
                    if fromCoder, functions.values.joined().contains(where: { $0.className == name && $0.name.hasPrefix("init") && $0.labels.first != "coder" && $0.name != "initWithCoder:" }) {
                        continue
                    }
                    ranInit = true
                } else if calledNames.contains(function.name) {
                    continue
                }
                if Self.isTeardown(function.name) {
                    if touchesEmitter(function.body) {
                        warn(function.name, "not run: its name says it stops or removes the effect later; fx imports the set-up", file: function.file, line: function.line)
                    }
                    continue
                }
                entry = function.name
                _ = runBody(function, arguments: [], asEntry: true)
            }
            selfStack.removeLast()
        }
        // Functions outside any class (a playground, a snippet pasted without its class) that
        // nothing calls; their self is an object standing for the missing class.
        selfStack.append(.object(snippetSelf))
        defer { selfStack.removeLast() }
        for function in (functions.values.flatMap { $0 }).filter({ $0.className == nil && !$0.isGetter && !calledNames.contains($0.name) })
            .sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
            if Self.isTeardown(function.name) {
                if touchesEmitter(function.body) {
                    warn(function.name, "not run: its name says it stops or removes the effect later; fx imports the set-up", file: function.file, line: function.line)
                }
                continue
            }
            entry = function.name
            if case .returned(.object(let index)) = runBody(function, arguments: [], asEntry: true), objects[index].kind == .layer {
                returnedLayers.append(index)
            }
        }
        if !objects.contains(where: { $0.kind == .emitterCell }) {
            // Cell subclasses nothing makes: the ones no other class mentions are the roots.
            let cellClasses = classOrder.filter { coreAnimationBase(of: $0) == "CAEmitterCell" && !(classes[$0]?.body.isEmpty ?? true) }
            for name in cellClasses where !cellClasses.contains(where: { other in
                other != name && classes[other]!.body.contains { mentions($0, name) }
            }) {
                let info = classes[name]!
                warn(name, "nothing in the given files makes this CAEmitterCell subclass: fx makes one with its initialiser's arguments unknown",
                     file: info.file, line: info.body.first.map { $0.line - 1 } ?? 1)
                entry = name
                (file, line) = (info.file, info.body.first.map { $0.line - 1 } ?? 1)
                _ = instantiate(name, arguments: [], labels: [])
            }
        }
        if !objects.contains(where: { $0.kind == .emitterLayer }) {
            for name in classOrder where coreAnimationBase(of: name) == "CAEmitterLayer" {
                let info = classes[name]!
                warn(name, "nothing in the given files makes this CAEmitterLayer subclass: fx makes one, as the view that owns it would", file: info.file, line: info.body.first.map { $0.line - 1 } ?? 1)
                entry = name
                (file, line) = (info.file, info.body.first.map { $0.line - 1 } ?? 1)
                _ = instantiate(name, arguments: [], labels: [])
                break
            }
        }
    }

    /// Whether `statement` (or its blocks) uses the name `name`.
    func mentions(_ statement: CoreAnimationCodeStatement, _ name: String) -> Bool {
        statement.tokens.contains { $0.kind == .identifier && $0.text == name }
            || (statement.body ?? []).contains { mentions($0, name) } || (statement.elseBody ?? []).contains { mentions($0, name) }
    }

    /// Whether any statement in `list` mentions an emitter layer, cell or animation.
    func touchesEmitter(_ list: [CoreAnimationCodeStatement]) -> Bool {
        list.contains { touchesEmitter($0.tokens) || touchesEmitter($0.body ?? []) || touchesEmitter($0.elseBody ?? []) }
    }

    /// The words that give emitter code away: the classes, and the properties only emitter
    /// layers have (their Core Animation names, from the registry).
    static let emitterWords: Set<String> = Set(["CAEmitterLayer", "CAEmitterCell"] + Array(animationClasses) + Array(layerClasses.keys)
        + [EmitterLayerKeys.emitterCells, EmitterLayerKeys.emitterPosition, EmitterLayerKeys.emitterSize, EmitterLayerKeys.emitterShape,
           EmitterLayerKeys.emitterMode, EmitterLayerKeys.birthRate, EmitterLayerKeys.renderMode].map(CoreAnimationCodeMapping.codeName))

    /// Whether `tokens` mention an emitter layer, cell or animation (by type, key property or variable).
    func touchesEmitter(_ tokens: [CoreAnimationCodeToken]) -> Bool {
        tokens.contains { token in
            guard token.kind == .identifier else { return false }
            if Self.emitterWords.contains(token.text) { return true }
            if case .object(let index)? = lookup(token.text), objects[index].kind != .other { return true }
            return false
        }
    }

    func makeObject(kind: CoreAnimationCodeObject.Kind, className: String, file: Int? = nil, line: Int? = nil) -> Int {
        objects.append(CoreAnimationCodeObject(kind: kind, className: className, file: file ?? self.file, line: line ?? self.line))
        return objects.count - 1
    }

    // MARK: - Variables

    func lookup(_ name: String) -> CoreAnimationCodeValue? {
        for scope in scopes.reversed() {
            if let value = scope[name] { return value }
        }
        return nil
    }

    /// Declares `name` in the innermost scope.
    func declareVariable(_ name: String, _ value: CoreAnimationCodeValue) {
        scopes[scopes.count - 1][name] = value
        nameObject(value, name)
    }

    /// Assigns to an existing variable where it lives, else declares a global.
    func assignVariable(_ name: String, _ value: CoreAnimationCodeValue) {
        for index in scopes.indices.reversed() where scopes[index][name] != nil {
            scopes[index][name] = value
            nameObject(value, name)
            return
        }
        scopes[0][name] = value
        nameObject(value, name)
    }

    func nameObject(_ value: CoreAnimationCodeValue, _ name: String) {
        if case .object(let index) = value, objects[index].variableName == nil, !["self", "_"].contains(name) {
            objects[index].variableName = name.hasPrefix("_") ? String(name.dropFirst()) : name
        }
    }

    var currentSelf: CoreAnimationCodeValue? { selfStack.last }

    // MARK: - Statements

    /// Runs `list` in a new scope (`topLevel`: in the current one, for globals).
    func execute(_ list: [CoreAnimationCodeStatement], topLevel: Bool = false) -> Flow {
        guard enterNesting(at: list.first?.tokens.first) else { return .returned(.unknown("nested too deep")) }
        defer { leaveNesting() }
        if !topLevel { scopes.append([:]) }
        defer { if !topLevel { scopes.removeLast() } }
        for statement in list {
            file = statement.file
            line = statement.line
            if case .returned(let value) = executeOne(statement, topLevel: topLevel) { return .returned(value) }
        }
        return .normal
    }

    /// Counts one step of the set-up; false once the budget is spent (warned once, at the
    /// line it ran out on).
    func takeStep() -> Bool {
        steps += 1
        if steps == Self.maxSteps {
            warn("setup", "stopped after \(Self.maxSteps) statements and calls (nested loops or recursion too large to follow): the rest of the set-up is not run")
        }
        return steps < Self.maxSteps
    }

    func executeOne(_ statement: CoreAnimationCodeStatement, topLevel: Bool) -> Flow {
        guard takeStep() else { return .normal }
        let tokens = Self.stripped(statement.tokens)
        guard let first = tokens.first else { return .normal }
        if let body = statement.body {
            return executeCompound(statement, header: tokens, body: body, topLevel: topLevel)
        }
        switch first.text {
        case "#define":
            guard tokens.count > 1, Self.macro(tokens) == nil else { return .normal }
            let name = tokens[tokens.startIndex + 1].text
            let rest = tokens.dropFirst(2)
            scopes[0][name] = rest.isEmpty ? .bool(true) : evaluate(rest)
            return .normal
        case "import", "@import", "#import", "#include", "#pragma", "#if", "#ifdef", "#ifndef", "#endif", "#else", "#elif", "#undef",
             "@property", "@synthesize", "@dynamic", "typealias", "@class", "break", "continue", "super", "case", "default", "fallthrough", "@end":
            if first.is("super") { return .normal }
            return .normal
        case "return":
            let rest = tokens.dropFirst()
            return .returned(rest.isEmpty ? .unknown("nothing returned") : evaluate(rest))
        case "let", "var":
            if topLevel, statement.tokens.contains(where: { $0.is("func") }) { return .normal }
            return declaration(tokens)
        default:
            break
        }
        if first.is("func") || first.is("init") || first.is("class") || first.is("struct") || first.is("enum") || first.is("protocol") || first.is("extension") {
            return .normal // a declaration without a body (a protocol requirement)
        }
        if first.is("-") || first.is("+"), objectiveC[statement.file], tokens.dropFirst().first?.is("(") == true {
            return .normal // an Objective-C method declaration in an @interface
        }
        return assignmentOrExpression(tokens)
    }

    func executeCompound(_ statement: CoreAnimationCodeStatement, header: ArraySlice<CoreAnimationCodeToken>, body: [CoreAnimationCodeStatement], topLevel: Bool) -> Flow {
        let first = header.first!.text
        switch first {
        case "class", "struct", "enum", "extension", "actor", "protocol", "func", "init", "deinit", "@interface", "@implementation", "@protocol", "-", "+":
            return .normal
        case "var", "let":
            return .normal // a computed property: read by name through its getter
        case "if":
            bindConditions(header.dropFirst())
            return execute(body)
        case "guard":
            bindConditions(header.dropFirst().prefix { !$0.is("else") })
            return .normal
        case "for":
            return executeFor(header.dropFirst(), body: body)
        case "do", "autoreleasepool", "@autoreleasepool":
            return execute(body)
        case "while", "repeat":
            warn(first, touchesEmitter(body) ? "could not read: fx does not follow \(first) loops; the emitter lines in it are skipped"
                 : "not run: fx follows only for … in loops")
            return .normal
        case "switch", "catch", "defer":
            if touchesEmitter(body) { warn(first, "could not read: fx does not follow \(first) blocks; the emitter lines in it are skipped") }
            return .normal
        default:
            break
        }
        if header.last?.is(")") == true || header.last?.kind == .identifier,
           Self.function(header, body: body, className: nil, file: statement.file) != nil, !header.contains(where: { $0.is(".") }) {
            return .normal // a C function definition
        }
        // A call with a trailing closure: DispatchQueue.main.asyncAfter(…) { … } runs later, not at set-up.
        let later = ["asyncAfter", "dispatch_after", "scheduledTimer", "Timer", "perform", "afterDelay", "sink", "addObserver", "completion"]
        if header.contains(where: { later.contains($0.text) }) {
            if touchesEmitter(body) {
                warn(header.first(where: { later.contains($0.text) })!.text, "not read: this block runs later (\(Self.text(header))), not at set-up; fx imports the effect as set up")
            }
            return .normal
        }
        _ = evaluate(header)
        return execute(body)
    }

    /// `if let x = y, …` and `guard let x = y else`: binds the names (the importer takes the
    /// happy path).
    func bindConditions(_ tokens: ArraySlice<CoreAnimationCodeToken>) {
        for clause in Self.splitTopLevel(tokens, closing: "}") {
            let trimmed = clause.drop { $0.is("let") || $0.is("var") || $0.is("case") }
            guard trimmed.count < clause.count, let name = trimmed.first, name.kind == .identifier else { continue }
            if trimmed.count >= 3, trimmed[trimmed.startIndex + 1].is("=") {
                declareVariable(name.text, evaluate(trimmed.dropFirst(2)))
            } else if trimmed.count == 1, let existing = lookup(name.text) {
                declareVariable(name.text, existing) // if let x { … }
            }
        }
    }

    func executeFor(_ header: ArraySlice<CoreAnimationCodeToken>, body: [CoreAnimationCodeStatement]) -> Flow {
        // Objective-C writes the whole header in parentheses: `for (int i = 0; i < n; i++)`,
        // `for (CAEmitterCell *cell in cells)`.
        var tokens = header
        if tokens.first?.is("(") == true, Self.matchingClose(of: tokens) == tokens.index(before: tokens.endIndex) {
            tokens = tokens.dropFirst().dropLast()
        }
        let parts = Self.split(tokens, at: ";")
        if parts.count == 3 { return executeCFor(initial: parts[0], condition: parts[1], step: parts[2], body: body) }
        guard let inIndex = tokens.firstIndex(where: { $0.is("in") }) else {
            if touchesEmitter(body) { warn("for", "could not read: only for … in … loops and C's for (start; condition; step) are followed") }
            return .normal
        }
        // `for x in`, `for (i, x) in` (Swift), `for (NSString *x in list)` (the name is the last word).
        var pattern = tokens[tokens.startIndex..<inIndex].filter { $0.kind == .identifier }.map(\.text)
        if !tokens[tokens.startIndex..<inIndex].contains(where: { $0.is(",") }), let name = pattern.last { pattern = [name] }
        let sequence = evaluate(tokens[(inIndex + 1)...])
        guard case .array(let items) = sequence else {
            if touchesEmitter(body) { warn("for", "could not read the loop's sequence (\(sequence.summary)); the lines in it are skipped") }
            return .normal
        }
        for (offset, item) in items.prefix(1000).enumerated() where steps < Self.maxSteps {
            scopes.append([:])
            if pattern.count == 1 {
                declareVariable(pattern[0], item)
            } else if pattern.count == 2 {
                declareVariable(pattern[0], .number(Double(offset)))
                declareVariable(pattern[1], item)
            }
            let flow = execute(body)
            scopes.removeLast()
            if case .returned = flow { return flow }
        }
        return .normal
    }

    /// C's (and Objective-C's) `for (start; condition; step)`: `start` declares or sets the loop
    /// variable in the loop's own scope (`int i = 0`, `NSUInteger i = 0`, `i = 0`), the body runs
    /// while `condition` reads true (at most 1000 passes, within the step budget), and `step`
    /// (`i++`, `++i`, `i--`, `i += 2`) runs after each pass. A condition that cannot be read
    /// stops the loop, warned when its body touches Core Animation objects.
    func executeCFor(initial: ArraySlice<CoreAnimationCodeToken>, condition: ArraySlice<CoreAnimationCodeToken>,
                     step: ArraySlice<CoreAnimationCodeToken>, body: [CoreAnimationCodeStatement]) -> Flow {
        scopes.append([:])
        defer { scopes.removeLast() }
        if let equals = initial.firstIndex(where: { $0.is("=") }), equals > initial.startIndex,
           initial[equals - 1].kind == .identifier {
            declareVariable(initial[equals - 1].text, evaluate(initial[(equals + 1)...]))
        }
        for _ in 0..<1000 where steps < Self.maxSteps {
            if !condition.isEmpty {
                let holds = evaluate(condition)
                guard case .bool(let flag) = holds else {
                    if touchesEmitter(body) { warn("for", "could not read the loop's condition (\(holds.summary)); the lines in it are skipped") }
                    return .normal
                }
                if !flag { break }
            }
            scopes.append([:])
            let flow = execute(body)
            scopes.removeLast()
            if case .returned = flow { return flow }
            advance(step)
        }
        return .normal
    }

    /// A loop's step: `i++`, `++i`, `i--`, `--i`, or an assignment (`i += 2`).
    func advance(_ step: ArraySlice<CoreAnimationCodeToken>) {
        let names = step.filter { $0.kind == .identifier }
        if step.count == 2, names.count == 1, let operation = step.first(where: { $0.is("++") || $0.is("--") }) {
            let name = names[0].text
            let delta = operation.is("++") ? 1.0 : -1.0
            assignVariable(name, lookup(name)?.number.map { .number($0 + delta) } ?? .unknown("\(name) after a step"))
        } else if !step.isEmpty {
            _ = assignmentOrExpression(step)
        }
    }

    func declaration(_ tokens: ArraySlice<CoreAnimationCodeToken>) -> Flow {
        // let name: Type = value   /   var a = 1, b = 2 (first only)
        guard tokens.count >= 2 else { return .normal }
        let nameToken = tokens[tokens.startIndex + 1]
        guard nameToken.kind == .identifier else { return .normal }
        let parts = Self.splitTopLevel(tokens.dropFirst(), closing: "}")
        guard let head = parts.first else { return .normal }
        if let equals = head.firstIndex(where: { $0.is("=") }) {
            let value = evaluate(head[(equals + 1)...])
            declareVariable(nameToken.text, value)
            // lazy var emitter: CAEmitterLayer = { let layer = CAEmitterLayer(); …; return layer }() is named emitter.
            if head[(equals + 1)...].first?.is("{") == true, case .object(let index) = value { objects[index].variableName = nameToken.text }
            reportUnreadable(value, key: nameToken.text, tokens: head[(equals + 1)...], when: touchesEmitter(Array(head)))
        } else {
            declareVariable(nameToken.text, .unknown("\(nameToken.text) has no value"))
        }
        return .normal
    }

    /// Warns about a value that could not be read on a line that touches an emitter.
    func reportUnreadable(_ value: CoreAnimationCodeValue, key: String, tokens: ArraySlice<CoreAnimationCodeToken>, when: Bool) {
        guard when, case .unknown(let why) = value else { return }
        warn(key, "could not read \(Self.text(tokens)) (\(why))")
    }

    /// `target = value`, `target += value`, a C declaration (`CGFloat x = 1;`,
    /// `CAEmitterCell *cell = …;`), or an expression run for its effect (`[cell setScale:0.1]`,
    /// `cells.append(cell)`, `layer.add(animation, forKey: nil)`).
    func assignmentOrExpression(_ tokens: ArraySlice<CoreAnimationCodeToken>) -> Flow {
        var depth = 0
        var assignmentIndex: Int?
        for index in tokens.indices {
            let token = tokens[index]
            if token.is("(") || token.is("[") || token.is("{") { depth += 1 }
            if token.is(")") || token.is("]") || token.is("}") { depth -= 1 }
            if depth == 0, token.kind == .symbol, ["=", "+=", "-=", "*=", "/="].contains(token.text) {
                assignmentIndex = index
                break
            }
        }
        guard let assignmentIndex else {
            let value = evaluate(tokens)
            if case .unknown(let why) = value, touchesEmitter(Array(tokens)) {
                let key = tokens.first(where: { $0.kind == .identifier && !["self", "_"].contains($0.text) })?.text ?? "statement"
                warn(key, "could not read \(Self.text(tokens)) (\(why))")
            }
            return .normal
        }
        let target = tokens[tokens.startIndex..<assignmentIndex]
        let operation = tokens[assignmentIndex].text
        let valueTokens = tokens[(assignmentIndex + 1)...]
        // A C declaration: type words (and *) then the name.
        let words = target.filter { $0.kind == .identifier }
        if target.count >= 2, target.allSatisfy({ $0.kind == .identifier || $0.is("*") || $0.is("<") || $0.is(">") || $0.is(",") }),
           words.count >= 2, let name = target.last, name.kind == .identifier, operation == "=" {
            let value = evaluate(valueTokens)
            declareVariable(name.text, value)
            reportUnreadable(value, key: name.text, tokens: valueTokens, when: touchesEmitter(Array(tokens)))
            return .normal
        }
        var value = evaluate(valueTokens)
        if operation != "=" {
            let current = evaluate(target)
            value = Self.arithmetic(current, String(operation.dropLast()), value)
        }
        assign(target, value, valueTokens: valueTokens)
        return .normal
    }

    /// Stores `value` into `target`: a variable, `base.property`, or a bare property of `self`.
    func assign(_ target: ArraySlice<CoreAnimationCodeToken>, _ value: CoreAnimationCodeValue, valueTokens: ArraySlice<CoreAnimationCodeToken>) {
        guard let last = target.last else { return }
        if target.count == 1, last.kind == .identifier {
            if last.is("self") { return } // self = [super init]
            if lookup(last.text) == nil, case .object(let index)? = currentSelf, objects[index].kind != .other,
               CoreAnimationCodeMapping.isCoreAnimationProperty(last.text, of: objects[index].kind)
                || objects[index].kind == .layer && CoreAnimationCodeMapping.isLayerProperty(last.text) {
                setProperty(index, last.text, value, valueTokens: valueTokens)
                return
            }
            assignVariable(last.text, value)
            return
        }
        // base.property (also base?.property and ObjC's base->ivar)
        if last.kind == .identifier, target.count >= 3, let dot = target.dropLast().last, dot.is(".") || dot.is("?.") || dot.is("->") {
            let baseTokens = target.dropLast(2)
            var base = evaluate(baseTokens)
            if base.isUnknown, baseTokens.count == 1, let name = baseTokens.first, name.kind == .identifier {
                base = guessObject(named: name.text, property: last.text)
            }
            // t.m34 = -1 / d on a transform variable: a perspective of distance d where the
            // chain has it, as fx's transform lists write it.
            if last.text == "m34", case .transform(let list) = base, baseTokens.count == 1, let variable = baseTokens.first,
               variable.kind == .identifier {
                if let distance = perspectiveDistance(valueTokens, value: value) {
                    assignVariable(variable.text, .transform(list + [.perspective(distance)]))
                } else {
                    warn("m34", "could not read \(Self.text(valueTokens)) as a perspective (-1 / distance): left out")
                }
                return
            }
            switch base {
            case .object(let index):
                setProperty(index, last.text, value, valueTokens: valueTokens)
                if objects[index].kind == .other { assignVariable(last.text, value) }
            default:
                if touchesEmitter(Array(target)) || CoreAnimationCodeMapping.isEmitterProperty(last.text) {
                    warn(last.text, "could not read: \(Self.text(baseTokens)) is not an emitter layer or cell the importer knows (\(base.summary))")
                }
            }
            return
        }
        if touchesEmitter(Array(target)) {
            warn(target.first(where: { $0.kind == .identifier })?.text ?? "assignment", "could not read the assignment to \(Self.text(target))")
        }
    }

    /// The distance d of `m34 = -1 / d`: the expression after `-1 /` when the value is written
    /// so (exactly d), else −1 / m34; nil for 0 or a value that is not a number.
    func perspectiveDistance(_ tokens: ArraySlice<CoreAnimationCodeToken>, value: CoreAnimationCodeValue) -> Double? {
        let list = Array(tokens)
        if list.count >= 4, list[0].is("-"), list[1].kind == .number, list[1].number == 1, list[2].is("/"),
           let distance = evaluate(tokens.dropFirst(3)).number, distance.isFinite, distance != 0 {
            return distance
        }
        guard let m34 = value.number, m34.isFinite, m34 != 0 else { return nil }
        return -1 / m34
    }

    /// An emitter layer or cell for a name the code uses without making it (an outlet, a
    /// property declared elsewhere), guessed from the property set on it and the name.
    func guessObject(named name: String, property: String) -> CoreAnimationCodeValue {
        if let className = Self.layerClass(givenOnly: property) {
            warn(name, "not made in the given files: taken as a \(className) (it is given \(property))")
            let index = makeObject(kind: .layer, className: className)
            assignVariable(name, .object(index))
            return .object(index)
        }
        let cellOnly = CoreAnimationCodeMapping.isCoreAnimationProperty(property, of: .emitterCell) && !CoreAnimationCodeMapping.isCoreAnimationProperty(property, of: .emitterLayer)
        let layerOnly = CoreAnimationCodeMapping.isCoreAnimationProperty(property, of: .emitterLayer) && !CoreAnimationCodeMapping.isCoreAnimationProperty(property, of: .emitterCell)
        let lower = name.lowercased()
        let kind: CoreAnimationCodeObject.Kind
        if cellOnly || (!layerOnly && lower.contains("cell")) {
            kind = .emitterCell
        } else if layerOnly || lower.contains("layer") || lower.contains("emitter") {
            kind = .emitterLayer
        } else {
            return .unknown("\(name) is not defined in the given files")
        }
        warn(name, "not made in the given files: taken as a \(kind == .emitterCell ? "CAEmitterCell" : "CAEmitterLayer") (it is given \(property))")
        let index = makeObject(kind: kind, className: kind == .emitterCell ? "CAEmitterCell" : "CAEmitterLayer")
        assignVariable(name, .object(index))
        return .object(index)
    }

    /// Sets a property of an object, reporting an unreadable value, and a change made by a
    /// different entry point than the one that set it first (a `stop()` method) is reported, not applied.
    func setProperty(_ index: Int, _ name: String, _ value: CoreAnimationCodeValue, valueTokens: ArraySlice<CoreAnimationCodeToken>?) {
        let object = objects[index]
        var name = name, value = value
        // A path is copied when a property takes it (later changes to the path do not reach it).
        if case .object(let pathIndex) = value, objects[pathIndex].kind == .path { value = .pathData(objects[pathIndex].path) }
        if case .array(let items) = value, items.contains(where: { if case .object(let item) = $0 { return objects[item].kind == .path }; return false }) {
            value = .array(items.map { if case .object(let item) = $0, objects[item].kind == .path { return .pathData(objects[item].path) }; return $0 })
        }
        if object.kind == .layer, name == "affineTransform" { name = CoreAnimationCodeMapping.codeName(LayerKeys.transform) }
        if object.kind == .layer, name == CoreAnimationCodeMapping.frame, case .rect(let x, let y, let width, let height) = value {
            // Core Animation's frame: the bounds' size, and the position where the anchor point falls.
            var anchor = (0.5, 0.5)
            if case .point(let ax, let ay)? = object.value(CoreAnimationCodeMapping.codeName(LayerKeys.anchorPoint)) { anchor = (ax, ay) }
            object.set(CoreAnimationCodeMapping.codeName(LayerKeys.bounds), .rect(0, 0, width, height), file: file, line: line)
            object.set(CoreAnimationCodeMapping.codeName(LayerKeys.position), .point(x + anchor.0 * width, y + anchor.1 * height), file: file, line: line)
        }
        if object.kind != .other, case .unknown(let why) = value {
            let text = valueTokens.map { Self.text($0) } ?? "the value"
            warn(name, "could not read \(text) (\(why)); the property is left at its default")
            return
        }
        if object.kind != .other, let earlier = object.setBy[name], earlier != entry, object.value(name) != nil {
            warn(name, "set again in \(entry) (first set in \(earlier)): the first value is kept; fx imports the set-up, not later changes")
            return
        }
        object.setBy[name] = entry
        object.set(name, value, file: file, line: line)
    }
}
