import Foundation
import XCTest
import FXCore

/// The schema's hover words checked by a real JSON Schema implementation (Python's
/// `jsonschema`, which tools/test installs): every key is described, and every `default` and
/// `examples` value is one the key's own schema accepts, so an editor never offers a value it
/// then marks wrong.
final class SchemaExamplesTests: XCTestCase {
    func testAJSONSchemaValidatorAcceptsEveryDefaultAndExample() throws {
        let script = """
            import json, sys
            from jsonschema import Draft202012Validator
            schema = json.load(open(sys.argv[1]))
            checked, undescribed, wrong = 0, [], []
            def walk(node, place):
                global checked
                if isinstance(node, dict):
                    for key, value in node.items():
                        if key == "if":
                            continue
                        if key == "properties" and isinstance(value, dict):
                            for name, shape in value.items():
                                if not shape.get("description"):
                                    undescribed.append(place + "/" + name)
                                own = dict(shape, **{"$defs": schema["$defs"]})
                                values = shape.get("examples", []) + ([shape["default"]] if "default" in shape else [])
                                for value_ in values:
                                    checked += 1
                                    if list(Draft202012Validator(own).iter_errors(value_)):
                                        wrong.append(place + "/" + name + " " + json.dumps(value_))
                        walk(value, place + "/" + key)
                elif isinstance(node, list):
                    for index, element in enumerate(node):
                        walk(element, place + "/" + str(index))
            walk(schema, "#")
            print(json.dumps({"checked": checked, "undescribed": undescribed, "wrong": wrong}))
            """
        let result = try FXProcess.run(["python3", "-c", script, FXProcess.packageRoot.appendingPathComponent("schema/\(EffectSchema.fileName)").path],
                                       executable: "/usr/bin/env")
        if result.stderr.contains("No module named 'jsonschema'") {
            if ProcessInfo.processInfo.environment["FX_REQUIRE_WINDOW_TEST"] == "1" { return XCTFail("jsonschema is missing; tools/test installs it") }
            throw XCTSkip("the Python package jsonschema is not installed")
        }
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
        XCTAssertGreaterThan(report["checked"] as? Int ?? 0, 500, "too few defaults and examples")
        XCTAssertEqual(report["undescribed"] as? [String], [], "keys without a description")
        XCTAssertEqual(report["wrong"] as? [String], [], "defaults or examples the key's own schema rejects")
    }
}
