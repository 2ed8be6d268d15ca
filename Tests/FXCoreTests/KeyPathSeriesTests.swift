import FXCore
import XCTest

/// What `fx plot` samples: each component's unit from the property registry (its panels) and
/// the values as CSV.
final class KeyPathSeriesTests: XCTestCase {
    private static let json = """
        {"fx": 1, "duration": 2, "layers": [
          {"type": "emitter", "name": "burst", "emitterCells": [{"name": "spark", "birthRate": 400, "lifetime": 1}],
           "animations": [{"type": "basic", "keyPath": "emitterCells.spark.birthRate", "fromValue": 400, "toValue": 0, "duration": 2}]},
          {"name": "card", "position": [10, 20], "bounds": [40, 30], "backgroundColor": "#ff0000",
           "animations": [{"type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0, "duration": 2},
                          {"type": "basic", "keyPath": "position.x", "fromValue": 10, "toValue": 110, "duration": 2}]},
          {"type": "replicator", "name": "copies", "instanceCount": 3},
          {"type": "gradient", "name": "fade", "colors": ["#000000", "#ffffff"], "locations": [0, 1]}
        ]}
        """

    func testEachComponentHasItsPropertysUnitFromTheRegistry() throws {
        let effect = try effect(Self.json)
        let keyPaths = ["burst.emitterCells.spark.birthRate", "card.opacity", "card.position", "card.bounds.size.width",
                        "card.transform.rotation.z", "card.transform.scale", "card.transform.translation", "card.transform",
                        "card.backgroundColor", "card.hidden", "copies.instanceCount", "fade.colors"]
        let series = try effect.sample(keyPaths, from: 0, to: 1, count: 2)
        let units = Dictionary(uniqueKeysWithValues: series.map { ($0.name, $0.componentUnits) })
        XCTAssertEqual(PropertyRegistry.property("birthRate", of: .emitterCell)?.unit, "1/s", "the registry's unit is the panel's")
        XCTAssertEqual(units["burst.emitterCells.spark.birthRate"], ["1/s"])
        XCTAssertEqual(units["card.opacity"], [AnimatableKeyPath.fractionUnit], "a 0…1 range is a fraction")
        XCTAssertEqual(units["card.position"], ["pt", "pt"])
        XCTAssertEqual(units["card.bounds.size.width"], ["pt"])
        XCTAssertEqual(units["card.transform.rotation.z"], ["rad"])
        XCTAssertEqual(units["card.transform.scale"], ["×"])
        XCTAssertEqual(units["card.transform.translation"], ["pt", "pt"])
        XCTAssertEqual(units["card.transform"], ["pt", "pt", "pt", "rad", "rad", "rad", "×", "×", "×", "1/pt"])
        XCTAssertEqual(units["card.backgroundColor"], Array(repeating: "0…1", count: 4), "color components are fractions")
        XCTAssertEqual(units["card.hidden"], ["0…1"], "a flag reads as 0 or 1")
        XCTAssertEqual(units["copies.instanceCount"], [""], "the registry gives a count no unit")
        XCTAssertEqual(units["fade.colors"], Array(repeating: "0…1", count: 8))
        for entry in series { XCTAssertEqual(entry.componentUnits.count, entry.componentNames.count, entry.name) }
        XCTAssertEqual(series.last?.componentNames.prefix(5), ["fade.colors[0].red", "fade.colors[0].green", "fade.colors[0].blue",
                                                             "fade.colors[0].alpha", "fade.colors[1].red"])
    }

    func testCSVHasATimeColumnAHeaderAndNumbersAsInspectWritesThem() throws {
        let effect = try effect(Self.json)
        let series = try effect.sample(["burst.emitterCells.spark.birthRate", "card.opacity", "card.position"], from: 0, to: 1, count: 5)
        XCTAssertEqual(KeyPathSeries.csv(series), """
            time,burst.emitterCells.spark.birthRate,card.opacity,card.position.x,card.position.y
            0,400,1,10,20
            0.25,350,0.875,22.5,20
            0.5,300,0.75,35,20
            0.75,250,0.625,47.5,20
            1,200,0.5,60,20

            """)
        // The same samples give the same bytes; a value that is not whole keeps every digit.
        XCTAssertEqual(KeyPathSeries.csv(try effect.sample(["card.opacity"], from: 0, to: 1, count: 4)),
                       "time,card.opacity\n0,1\n0.3333333333333333,0.8333333333333334\n0.6666666666666666,0.6666666666666667\n1,0.5\n")
    }

    func testCSVQuotesAHeaderThatHoldsACommaOrAQuote() throws {
        let effect = try effect("""
            {"fx": 1, "layers": [{"name": "say \\"hi\\", then", "opacity": 0.5}]}
            """)
        let series = try effect.sample(["say \"hi\", then.opacity"], from: 0, to: 1, count: 2)
        XCTAssertEqual(KeyPathSeries.csv(series), "time,\"say \"\"hi\"\", then.opacity\"\n0,0.5\n1,0.5\n")
    }
}
