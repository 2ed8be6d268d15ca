import ArgumentParser
import FXCore
import FXEffects
import FXSDL
import Foundation

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render effects at their declared moments and compare their hashes with an expectations file (for CI).",
        discussion: """
            Each effect is rendered headless at its previewTime (else half its duration) and at \
            each time of its "checkTimes" list, all in this one process, the effects spread over \
            every core, and its simulation and image hashes (those `fx hash` prints) are compared \
            with the expectations file: --expect, else \(CheckExpectations.defaultPath) in the \
            current folder. An EFFECT is a name or an effect file; a FOLDER means every *.json \
            effect in it; with none, every effect `fx list` shows. An effect is named in the \
            file by its file name without .json.

            A moment whose hashes differ prints the effect, the moment and both hashes. With \
            --diff-dir, EFFECT@TIME-actual.png, EFFECT@TIME-expected.png (the reference frame \
            `--update` kept) and EFFECT@TIME-difference.png (differing pixels red) are written \
            there. A moment with no expectation, an expectation for a moment no \
            longer checked, and an effect that does not load fail too. Exit status: 0 when \
            every moment matches, 1 otherwise. --junit writes a JUnit XML report, a test suite \
            per effect and a test case per moment, which CI systems display.

            --update writes the hashes found as the expectations of the effects checked (other \
            effects in the file are kept), and keeps each frame as a PNG named in its entry, for \
            --diff-dir to show what was expected: in the folder beside the expectations file \
            named after it (fx-check-frames for fx-check.json), or --references DIR; \
            --no-references keeps the hashes alone. --seed and --times are recorded in the file \
            and used by later checks of it.

            Examples:
              fx check --update
              fx check --junit fx-check.xml --diff-dir fx-check-diff
              fx check effects/ --expect ci/seed-7.json --seed 7 --times 1,3.5 --update
            """)

    @Argument(help: ArgumentHelp("Effect names, effect files, or folders of *.json effects (default: every effect `fx list` shows).",
                                 valueName: "effect-or-folder"))
    var effects: [String] = []

    @Option(help: ArgumentHelp("The expectations file, read, or written by --update (a path from the current folder).", valueName: "file"))
    var expect: String = CheckExpectations.defaultPath

    @Flag(help: "Write the hashes found as the expectations (creating the file), instead of comparing.")
    var update = false

    @Option(help: ArgumentHelp("With --update: keep each frame as a PNG in this folder, named in its entry, the expected picture --diff-dir shows (default: beside the expectations file, fx-check-frames for fx-check.json).",
                               valueName: "dir"))
    var references: String?

    @Flag(name: .customLong("no-references"), help: "With --update: keep no frames, only the hashes (--diff-dir then has no expected picture).")
    var noReferences = false

    @Option(help: ArgumentHelp("Write a JUnit XML report here.", valueName: "file"))
    var junit: String?

    @Option(name: .customLong("diff-dir"),
            help: ArgumentHelp("For each moment that differs, write its actual, expected and difference PNGs in this folder.", valueName: "dir"))
    var diffDir: String?

    @Option(help: "The random seed of every effect (default: the expectations file's, else each effect's `seed`).")
    var seed: UInt64?

    @Option(help: ArgumentHelp("Check these times instead of each effect's previewTime and checkTimes (default: the expectations file's, if any).",
                               valueName: "seconds,…"),
            transform: { try Check.parseTimes($0) })
    var times: [Double]?

    @OptionGroup var threadOptions: ThreadOptions

    static func parseTimes(_ text: String) throws -> [Double] {
        let fields = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        return try fields.map { field in
            guard let time = Double(field) else { throw ValidationError("--times takes times in seconds separated by commas, such as 1,3.5; \"\(field)\" is not a number") }
            try validateTime(time, option: "--times")
            return time
        }
    }

    func validate() throws {
        if (references != nil || noReferences) && !update {
            throw ValidationError("--references and --no-references choose the reference frames kept while the expectations are written: give them with --update")
        }
        if references != nil && noReferences {
            throw ValidationError("--references DIR keeps the reference frames there, --no-references keeps none: give one of them")
        }
        if diffDir != nil && update {
            throw ValidationError("--diff-dir shows the frames of a check that failed; --update keeps the reference frames it compares with")
        }
    }

    /// An effect to check: its name in the expectations file and its file.
    struct Target { var name: String; var path: String }

    /// One moment's outcome.
    enum Outcome {
        case matched(FrameHashes)
        case updated(CheckExpectations.Entry)
        case differs(expected: FrameHashes, actual: FrameHashes, pictures: String)
        case missing(FrameHashes)
        case stale
        case failed(String)
    }

    /// One moment of one effect, checked (no moment: the effect as a whole, which does not
    /// load or was stopped).
    struct MomentResult {
        var effect: String
        var time: Double?
        var seconds: Double
        var outcome: Outcome

        /// "fire at 1.5 s", or "fire".
        var name: String { effect + (time.map { " at \(format($0)) s" } ?? "") }
    }

    func run() throws {
        let targets = try findTargets()
        let existing = try readExpectations()
        var expectations = existing ?? CheckExpectations()
        let seed = self.seed ?? existing?.seed, times = self.times ?? existing?.times
        if let existing, seed != existing.seed || times != existing.times {
            let made = "\(existing.seed.map { "--seed \($0)" } ?? "each effect's own seed") and \(existing.times.map { "--times \($0.map(format).joined(separator: ","))" } ?? "each effect's declared moments")"
            if !update {
                printError("fx: \(expect) holds hashes made with \(made); check it with those (leave out --seed and --times), or write it anew with --update")
                throw ExitCode(1)
            }
            let others = Set(existing.effects.keys).subtracting(targets.map(\.name))
            if !others.isEmpty {
                printError("fx: \(expect) holds hashes made with \(made), also for effects not checked now (\(others.sorted().prefix(3).joined(separator: ", "))…); "
                           + "update every effect in it, or use another --expect file")
                throw ExitCode(1)
            }
        }
        expectations.seed = seed
        expectations.times = times
        let started = ProcessInfo.processInfo.systemUptime
        // Parsed here, once: parsing applies FX_THREADS, which must not race the renders.
        let loader = try EffectOptions.parse(["effect"])
        let results = render(targets, loader: loader, seed: seed, times: times, expectations: existing ?? CheckExpectations())
        if let interrupted = results.compactMap({ result -> Int32? in
            if case .failed(let message) = result.outcome, message.hasPrefix(Self.interruptedPrefix) { return Int32(message.dropFirst(Self.interruptedPrefix.count)) }
            return nil
        }).first {
            throw ExitCode(interrupted)
        }
        let elapsed = ProcessInfo.processInfo.systemUptime - started
        var failures = 0
        for result in results {
            let moment = result.name
            switch result.outcome {
            case .matched: break
            case .updated: break
            case .differs(let expected, let actual, let pictures):
                failures += 1
                print("FAIL \(moment): the hashes differ from \(expect)")
                print("  simulation expected \(expected.simulation), found \(actual.simulation)\(expected.simulation == actual.simulation ? " (same)" : "")")
                print("  image      expected \(expected.image), found \(actual.image)\(expected.image == actual.image ? " (same)" : "")")
                if !pictures.isEmpty { print("  \(pictures)") }
            case .missing(let actual):
                failures += 1
                print("FAIL \(moment): no expectation in \(expect) (found \(actual.line)); add it with fx check --update")
            case .stale:
                failures += 1
                print("FAIL \(moment): \(expect) expects this moment, which is no longer checked; drop it with fx check --update")
            case .failed(let message):
                failures += 1
                print("FAIL \(moment): \(message)")
            }
        }
        if update {
            // An effect that failed keeps what the file had for it.
            for target in targets {
                let fresh = results.filter { $0.effect == target.name }
                if fresh.contains(where: { Self.isFailure($0.outcome) }) { continue }
                expectations.effects[target.name] = Dictionary(uniqueKeysWithValues: fresh.compactMap { result in
                    if case .updated(let entry) = result.outcome, let time = result.time { return (time, entry) }
                    return nil
                })
            }
            do {
                try expectations.text.write(toFile: expect, atomically: true, encoding: .utf8)
            } catch {
                printError("fx: cannot write the expectations file \(expect): \(error.localizedDescription)")
                throw ExitCode(1)
            }
        }
        if let junit { try writeJUnit(results, to: junit) }
        let effectCount = Set(results.map(\.effect)).count
        let summary = "\(results.count) moment\(results.count == 1 ? "" : "s") of \(effectCount) effect\(effectCount == 1 ? "" : "s") in \(String(format: "%.1f", elapsed)) s"
        if failures > 0 {
            print("fx check: \(failures) of \(summary) failed\(update ? " (their expectations were kept)" : "")")
            throw ExitCode(1)
        }
        print(update ? "fx check: wrote the hashes of \(summary) to \(expect)" : "fx check: \(summary) match \(expect)")
    }

    static let interruptedPrefix = "interrupted by signal "

    static func isFailure(_ outcome: Outcome) -> Bool {
        switch outcome {
        case .matched, .updated: return false
        default: return true
        }
    }

    /// The effects the arguments name, each once, sorted by name.
    func findTargets() throws -> [Target] {
        let catalog = EffectCatalog.standard()
        var targets: [Target] = []
        if effects.isEmpty {
            targets = catalog.entries().map { Target(name: $0.name, path: $0.path) }
        }
        for argument in effects {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue {
                let files = ((try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
                if files.isEmpty {
                    printError("fx: the folder \(argument) has no *.json effect file")
                    throw ExitCode(1)
                }
                targets += files.map { Target(name: String($0.dropLast(5)), path: (argument as NSString).appendingPathComponent($0)) }
            } else {
                do {
                    let path = try catalog.locate(argument)
                    targets.append(Target(name: ((path as NSString).lastPathComponent as NSString).deletingPathExtension, path: path))
                } catch {
                    printError("fx: \(error)")
                    throw ExitCode(1)
                }
            }
        }
        var byName: [String: Target] = [:]
        for target in targets {
            if let other = byName[target.name], other.path != target.path {
                printError("fx: two effects are named \(target.name): \(other.path) and \(target.path); an expectations file names each effect once, so check them with separate --expect files")
                throw ExitCode(1)
            }
            byName[target.name] = target
        }
        return byName.values.sorted { $0.name < $1.name }
    }

    /// The expectations file, if there is one (a check needs one).
    func readExpectations() throws -> CheckExpectations? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: expect, isDirectory: &isDirectory) else {
            if update { return nil }
            printError("fx: there is no expectations file \(expect); make it with `fx check --update` (or name another with --expect)")
            throw ExitCode(1)
        }
        do {
            return try CheckExpectations.read(expect)
        } catch {
            printError("fx: \(error)")
            throw ExitCode(1)
        }
    }

    /// Every moment of every target, the effects rendered side by side, each on one thread
    /// (more when there are fewer effects than threads): results by effect name, then time.
    func render(_ targets: [Target], loader: EffectOptions, seed: UInt64?, times: [Double]?, expectations: CheckExpectations) -> [MomentResult] {
        let requested = try? threadOptions.requestedThreads(environment: ProcessInfo.processInfo.environment)
        let threads = (requested ?? nil) ?? ParallelChunks.processorCount
        World.defaultThreads = max(1, threads / max(targets.count, 1))
        let lock = NSLock()
        var next = 0
        var results: [[MomentResult]] = Array(repeating: [], count: targets.count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(threads, targets.count))) { _ in
            while true {
                lock.lock()
                let index = next
                next += 1
                lock.unlock()
                guard index < targets.count else { return }
                let checked = check(targets[index], loader: loader, seed: seed, times: times, expectations: expectations)
                lock.lock()
                results[index] = checked
                lock.unlock()
            }
        }
        return results.flatMap { $0 }
    }

    /// One effect: loaded, rendered at each moment, and compared (or its entries made).
    func check(_ target: Target, loader: EffectOptions, seed: UInt64?, times: [Double]?, expectations: CheckExpectations) -> [MomentResult] {
        var started = ProcessInfo.processInfo.systemUptime
        let effect: Effect
        switch loader.decode(path: target.path) {
        case .failure(let error):
            let message = "the effect does not load: " + error.description.replacingOccurrences(of: "\n", with: "; ")
            return [MomentResult(effect: target.name, time: nil, seconds: 0, outcome: .failed(message))]
        case .success(let loaded):
            effect = loaded
        }
        let moments = times.map { Array(Set($0)).sorted() } ?? effect.checkMoments
        let expected = expectations.effects[target.name] ?? [:]
        var results: [MomentResult] = []
        do {
            try renderFrames(effect, times: moments, seed: seed, stepRate: nil, quiet: true) { time, frame in
                let outcome = try judge(frame, of: target.name, at: time, expected: expected[time])
                let now = ProcessInfo.processInfo.systemUptime
                results.append(MomentResult(effect: target.name, time: time, seconds: now - started, outcome: outcome))
                started = now
            }
        } catch let code as ExitCode where code.rawValue > 128 {
            return [MomentResult(effect: target.name, time: nil, seconds: 0, outcome: .failed("\(Self.interruptedPrefix)\(code.rawValue)"))]
        } catch {
            for time in moments.dropFirst(results.count) {
                results.append(MomentResult(effect: target.name, time: time, seconds: 0, outcome: .failed("cannot render it: \(error)")))
            }
        }
        if !update {
            for time in expected.keys.sorted() where !moments.contains(time) {
                results.append(MomentResult(effect: target.name, time: time, seconds: 0, outcome: .stale))
            }
        }
        return results.sorted { ($0.time ?? -1) < ($1.time ?? -1) }
    }

    /// The outcome of one frame, its PNGs written as asked.
    func judge(_ frame: EffectRenderer.Frame, of effect: String, at time: Double, expected: CheckExpectations.Entry?) throws -> Outcome {
        let hashes = frame.hashes
        let stem = "\(effect)@\(format(time))"
        if update {
            guard let references = referenceFolder else { return .updated(CheckExpectations.Entry(hashes: hashes, reference: nil)) }
            try FileManager.default.createDirectory(atPath: references, withIntermediateDirectories: true)
            let path = (references as NSString).appendingPathComponent("\(stem).png")
            try PNGFile.write(frame.image, to: path)
            return .updated(CheckExpectations.Entry(hashes: hashes, reference: referenceName(path)))
        }
        guard let expected else { return .missing(hashes) }
        if expected.hashes == hashes { return .matched(hashes) }
        guard let diffDir else { return .differs(expected: expected.hashes, actual: hashes, pictures: "") }
        try FileManager.default.createDirectory(atPath: diffDir, withIntermediateDirectories: true)
        let actualPath = (diffDir as NSString).appendingPathComponent("\(stem)-actual.png")
        try PNGFile.write(frame.image, to: actualPath)
        var pictures = "wrote \(actualPath)"
        if let reference = expected.reference {
            let referencePath = reference.hasPrefix("/") ? reference
                : ((URL(fileURLWithPath: expect).deletingLastPathComponent().path) as NSString).appendingPathComponent(reference)
            if let picture = try? PNGFile.read(referencePath) {
                let expectedPath = (diffDir as NSString).appendingPathComponent("\(stem)-expected.png")
                let differencePath = (diffDir as NSString).appendingPathComponent("\(stem)-difference.png")
                let difference = RGBAImage.difference(expected: picture, actual: frame.image)
                try PNGFile.write(picture, to: expectedPath)
                try PNGFile.write(difference.image, to: differencePath)
                pictures += ", \(expectedPath) and \(differencePath) (\(difference.differing) pixels differ)"
            } else {
                pictures += "; the reference frame \(referencePath) cannot be read, so there is no expected picture"
            }
        } else {
            pictures += "; no reference frame is kept for this moment (it was written with --no-references; fx check --update keeps them)"
        }
        return .differs(expected: expected.hashes, actual: hashes, pictures: pictures)
    }

    /// Where `--update` keeps the reference frames: `--references`, else the folder beside the
    /// expectations file named after it (`ci/seed-7.json` → `ci/seed-7-frames`); nil with
    /// `--no-references`.
    var referenceFolder: String? {
        guard !noReferences else { return nil }
        if let references { return references }
        let file = expect as NSString
        let stem = (file.lastPathComponent as NSString).deletingPathExtension
        return (file.deletingLastPathComponent as NSString).appendingPathComponent("\(stem)-frames")
    }

    /// How an entry names the reference frame at `path`: relative to the expectations file's
    /// folder when it is inside it, else absolute.
    func referenceName(_ path: String) -> String {
        let folder = URL(fileURLWithPath: expect).deletingLastPathComponent().standardizedFileURL.path
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        return absolute.hasPrefix(folder + "/") ? String(absolute.dropFirst(folder.count + 1)) : absolute
    }

    func writeJUnit(_ results: [MomentResult], to path: String) throws {
        let cases = results.map { result -> JUnitReport.TestCase in
            let name = result.name
            let outcome: JUnitReport.Outcome
            switch result.outcome {
            case .matched, .updated: outcome = .passed
            case .differs(let expected, let actual, let pictures):
                outcome = .failure(message: "\(name): the hashes differ from \(expect)",
                                   details: "simulation expected \(expected.simulation), found \(actual.simulation)\nimage expected \(expected.image), found \(actual.image)\n\(pictures)")
            case .missing(let actual):
                outcome = .failure(message: "\(name): no expectation in \(expect)", details: "found \(actual.line); add it with fx check --update")
            case .stale:
                outcome = .failure(message: "\(name): expected in \(expect) but no longer checked", details: "drop it with fx check --update")
            case .failed(let message):
                outcome = .error(message: "\(result.effect): \(message)", details: message)
            }
            return JUnitReport.TestCase(suite: result.effect, name: name, seconds: result.seconds, outcome: outcome)
        }
        do {
            try JUnitReport(name: "fx check \(expect)", cases: cases).xml.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            printError("fx: cannot write the JUnit report \(path): \(error.localizedDescription)")
            throw ExitCode(1)
        }
    }
}
