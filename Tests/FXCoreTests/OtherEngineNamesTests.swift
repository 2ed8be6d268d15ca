import FXCore
import XCTest

/// The table of other engines' names (`gravity` → `yAcceleration`) and the decoder's use of it.
final class OtherEngineNamesTests: XCTestCase {
    /// The keys an object of `owner` accepts, as the decoder reads them.
    private func accepted(by owner: PropertyOwner) -> Set<String> {
        switch owner {
        case .emitterCell: return Set(PropertyRegistry.keys(of: .emitterCell, .mediaTiming))
        case .emitterLayer: return Set(PropertyRegistry.keys(of: .layer, .mediaTiming, .emitterLayer))
        default: return Set(PropertyRegistry.keys(of: owner))
        }
    }

    private func folded(_ name: String) -> String {
        String(name.lowercased().filter { !"_- .".contains($0) })
    }

    func testEveryNameLeadsToARegisteredKeyWhereItCanBeMet() {
        var seen: [String: String] = [:]
        for entry in PropertyRegistry.otherEngineNames {
            XCTAssertFalse(entry.properties.isEmpty, "\(entry.names)")
            for property in entry.properties {
                XCTAssertTrue(PropertyRegistry.all.contains(property), "\(property) is not a registered key")
            }
            for name in entry.names {
                // One entry per name, whatever its spelling.
                XCTAssertNil(seen[folded(name)], "\(name) is listed twice (also as \(seen[folded(name)] ?? ""))")
                seen[folded(name)] = name
                // A name the target's own objects accept would never be unknown there, so the
                // suggestion could never be made (a cell's `speed` is CAMediaTiming's).
                for property in entry.properties where folded(property.name) != folded(name) {
                    XCTAssertFalse(accepted(by: property.owner).contains(name), "\(name) is a key of \(property.owner) already")
                }
                XCTAssertEqual(OtherEngineName.matching(name)?.names, entry.names)
            }
        }
        XCTAssertEqual(OtherEngineName.matching("Initial-Velocity")?.properties.first, EmitterCellKeys.velocity)
        XCTAssertEqual(EmitterCellKeys.yAcceleration.otherEngineNames.first, "gravity")
    }

    func testTheDecoderSuggestsTheKeyInsteadOfListingThemAll() {
        let found = diagnostics(singleCellEffect(cell: #""birthRate": 10, "lifetime": 1, "gravity": 98"#))
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertEqual(found.first?.path, "$.layers[0].emitterCells[0].gravity")
        XCTAssertTrue(found.first?.suggestion?.hasPrefix("did you mean \"yAcceleration\"?") == true, found.first?.description ?? "")
        XCTAssertFalse(found.first?.suggestion?.contains("accepts") == true, found.first?.description ?? "")
    }

    func testATypeErrorIsTheOnlyMessage() {
        let found = diagnostics(singleCellEffect(cell: #""birthRate": 10, "lifetime": "long""#))
        XCTAssertEqual(found.map(\.path), ["$.layers[0].emitterCells[0].lifetime"], "\(found)")
    }
}
