import Foundation

/// One measurement of `fx bench`: a name, the parameters it was taken with, a number and its
/// unit. Every measure prints its figure as one line, `name key=value … number unit`
/// (`simulation_ns_per_particle_step particles=100000 3.320 ns`); the text output is those lines
/// and `--json` is the same figures parsed back from them, so a measure added in a
/// `Bench+Topic.swift` file appears in both without more work.
struct BenchFigure: Encodable {
    /// A parameter's value: a number when the text is one (`100000`, `0.5`), else the text
    /// (`[88,30]`, `yes`).
    enum Value: Encodable {
        case number(Double)
        case text(String)

        init(_ text: String) {
            if let number = Double(text), number.isFinite, !text.contains(where: { $0.isLetter }) {
                self = .number(number)
            } else {
                self = .text(text)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let number):
                // Whole numbers as integers, so counts read as counts (100000, not 100000.0).
                if number == number.rounded(), abs(number) < 1e15 { try container.encode(Int64(number)) } else { try container.encode(number) }
            case .text(let text): try container.encode(text)
            }
        }
    }

    /// The line does not have the form `name key=value … number unit`.
    struct Malformed: Error, CustomStringConvertible {
        var line: String
        var description: String {
            "fx bench: the line \"\(line)\" is not a figure: expected `name key=value … number unit` (a name, parameters, a number and its unit, separated by spaces)"
        }
    }

    /// What was measured: `simulation_ns_per_particle_step`.
    var name: String
    /// The parameters in the order the line gives them (`particles=100000`).
    var parameters: [(key: String, value: Value)]
    /// The figure.
    var value: Double
    /// Its unit: `ns`, `ms`, `B`, `MiB`, `%`, `fps`.
    var unit: String

    /// Parses a line of the form `name key=value … number unit`.
    init(line: String) throws(Malformed) {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.count >= 3, let value = Double(words[words.count - 2]), !words[0].contains("="),
              !words[words.count - 1].contains("="), Double(words[words.count - 1]) == nil else {
            throw Malformed(line: line)
        }
        var parameters: [(key: String, value: Value)] = []
        for word in words[1..<(words.count - 2)] {
            let pair = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, !pair[0].isEmpty, !pair[1].isEmpty else { throw Malformed(line: line) }
            parameters.append((String(pair[0]), Value(String(pair[1]))))
        }
        name = words[0]
        self.parameters = parameters
        self.value = value
        unit = words[words.count - 1]
    }

    private enum CodingKeys: String, CodingKey { case name, parameters, value, unit }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        var nested = container.nestedContainer(keyedBy: Key.self, forKey: .parameters)
        for parameter in parameters { try nested.encode(parameter.value, forKey: Key(stringValue: parameter.key)) }
        // A measure that could not run (nothing to divide by) is NaN: JSON has no NaN, so null.
        if value.isFinite { try container.encode(value, forKey: .value) } else { try container.encodeNil(forKey: .value) }
        try container.encode(unit, forKey: .unit)
    }
}
