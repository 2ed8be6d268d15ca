import FXCore
import Foundation

/// A JUnit XML report, the format CI systems (GitHub Actions' test reporters, GitLab, Jenkins)
/// display: a `testsuite` per effect, a `testcase` per moment, and a `failure` (hashes differ,
/// no expectation) or `error` (the effect does not load or render) with its message.
struct JUnitReport {
    /// One test case's outcome.
    enum Outcome {
        case passed
        case failure(message: String, details: String)
        case error(message: String, details: String)
    }

    /// One test case: a moment of an effect (or its loading).
    struct TestCase {
        var suite: String
        var name: String
        var seconds: Double
        var outcome: Outcome
    }

    var name: String
    var cases: [TestCase]

    /// The XML text, the suites in name order and their cases in the order given.
    var xml: String {
        func count(_ cases: [TestCase], _ kind: (Outcome) -> Bool) -> Int { cases.filter { kind($0.outcome) }.count }
        func isFailure(_ outcome: Outcome) -> Bool { if case .failure = outcome { return true } else { return false } }
        func isError(_ outcome: Outcome) -> Bool { if case .error = outcome { return true } else { return false } }
        func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
        let suites = Dictionary(grouping: cases, by: \.suite).sorted { $0.key < $1.key }
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        lines.append("<testsuites name=\"\(XMLText.escaped(name))\" tests=\"\(cases.count)\" failures=\"\(count(cases, isFailure))\" "
                     + "errors=\"\(count(cases, isError))\" time=\"\(seconds(cases.reduce(0) { $0 + $1.seconds }))\">")
        for (suite, members) in suites {
            lines.append("  <testsuite name=\"\(XMLText.escaped(suite))\" tests=\"\(members.count)\" failures=\"\(count(members, isFailure))\" "
                         + "errors=\"\(count(members, isError))\" time=\"\(seconds(members.reduce(0) { $0 + $1.seconds }))\">")
            for member in members {
                let open = "    <testcase classname=\"\(XMLText.escaped(suite))\" name=\"\(XMLText.escaped(member.name))\" time=\"\(seconds(member.seconds))\""
                switch member.outcome {
                case .passed:
                    lines.append(open + "/>")
                case .failure(let message, let details), .error(let message, let details):
                    let element = isFailure(member.outcome) ? "failure" : "error"
                    lines.append(open + ">")
                    lines.append("      <\(element) message=\"\(XMLText.escaped(message))\">\(XMLText.escaped(details))</\(element)>")
                    lines.append("    </testcase>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }
}
