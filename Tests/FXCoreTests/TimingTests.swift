import FXCore
import XCTest

final class TimingTests: XCTestCase {
    /// References computed independently (bisection in Python to 200 halvings).
    func testTimingFunctionsMatchIndependentReferences() {
        let xs = [0.1, 0.25, 0.5, 0.75, 0.9]
        let cases: [(TimingFunction, [Double])] = [
            (.easeIn, [0.01702661, 0.093464651, 0.315356813, 0.621861869, 0.839427846]),
            (.easeInEaseOut, [0.019722454, 0.129161931, 0.5, 0.870838069, 0.980277546]),
            (.default, [0.094796306, 0.408510591, 0.802403388, 0.960458978, 0.994316477]),
            (TimingFunction(0.68, -0.55, 0.265, 1.55), [-0.066291477, -0.082807109, 0.606679897, 1.089165775, 1.062373195]),
        ]
        for (function, expected) in cases {
            for (x, y) in zip(xs, expected) {
                XCTAssertEqual(function.value(at: x), y, accuracy: 1e-6, "\(function) at \(x)")
            }
            XCTAssertEqual(function.value(at: 0), 0)
            XCTAssertEqual(function.value(at: 1), 1)
        }
        XCTAssertEqual(TimingFunction.easeOut.value(at: 0.5), 1 - TimingFunction.easeIn.value(at: 0.5), accuracy: 1e-9)
        // A steep start, where x is tiny: references by 50-digit bisection.
        let steep = TimingFunction(0, 0.55, 0.45, 1)
        XCTAssertEqual(steep.value(at: 1e-8), 1.4201e-4, accuracy: 1e-6)
        XCTAssertEqual(steep.value(at: 1e-10), 1.42e-5, accuracy: 1e-6)
        XCTAssertEqual(TimingFunction.linear.value(at: 0.37), 0.37)
    }

    func timing(_ configure: (inout MediaTiming) -> Void) -> MediaTiming {
        var timing = MediaTiming()
        configure(&timing)
        return timing
    }

    func local(_ state: TimingState) -> Double? {
        if case .active(let time, _) = state { return time }
        return nil
    }

    func testRepeatCountTwoAndAHalfWithAutoreverses() {
        let t = timing { $0.repeatCount = 2.5; $0.autoreverses = true; $0.fillMode = .forwards }
        // Period 2 s (forward 1 s + back 1 s); active for 5 s.
        XCTAssertEqual(t.activeDuration(duration: 1), 5)
        XCTAssertEqual(local(t.state(parentTime: 0.25, duration: 1))!, 0.25, accuracy: 1e-12)
        XCTAssertEqual(local(t.state(parentTime: 1.25, duration: 1))!, 0.75, accuracy: 1e-12)
        XCTAssertEqual(local(t.state(parentTime: 2.25, duration: 1))!, 0.25, accuracy: 1e-12)
        XCTAssertEqual(local(t.state(parentTime: 4.5, duration: 1))!, 0.5, accuracy: 1e-12)
        // The half repeat ends at the top of a forward pass, and forwards holds it.
        XCTAssertEqual(local(t.state(parentTime: 9, duration: 1))!, 1, accuracy: 1e-12)
        if case .active(_, let iteration) = t.state(parentTime: 4.5, duration: 1) { XCTAssertEqual(iteration, 2) } else { XCTFail() }
    }

    func testFillModesBeforeAndAfter() {
        for (mode, before, after) in [(MediaTiming.FillMode.removed, false, false), (.forwards, false, true),
                                      (.backwards, true, false), (.both, true, true)] {
            let t = timing { $0.beginTime = 1; $0.fillMode = mode }
            XCTAssertEqual(local(t.state(parentTime: 0.5, duration: 2)) != nil, before, "\(mode) before")
            XCTAssertEqual(local(t.state(parentTime: 1.5, duration: 2)), 0.5, "\(mode) during")
            XCTAssertEqual(local(t.state(parentTime: 3.5, duration: 2)) != nil, after, "\(mode) after")
            if before { XCTAssertEqual(local(t.state(parentTime: 0.5, duration: 2)), 0) }
            if after { XCTAssertEqual(local(t.state(parentTime: 3.5, duration: 2)), 2) }
        }
        // An animation removed on completion holds nothing, whatever its fill mode.
        let removed = timing { $0.fillMode = .forwards }
        XCTAssertNil(local(removed.state(parentTime: 5, duration: 2, holdsAfterEnd: false)))
    }

    func testSpeedAndTimeOffset() {
        let t = timing { $0.speed = 2; $0.timeOffset = 0.5; $0.beginTime = 1; $0.repeatCount = .infinity }
        XCTAssertEqual(t.timeIgnoringRepeats(parentTime: 2), 2.5)
        XCTAssertEqual(local(t.state(parentTime: 2, duration: 1))!, 0.5, accuracy: 1e-12)
        // speed 0 with a timeOffset shows one frozen moment.
        let frozen = timing { $0.speed = 0; $0.timeOffset = 0.3 }
        for parent in [0.0, 1.7, 50] { XCTAssertEqual(local(frozen.state(parentTime: parent, duration: 1)), 0.3) }
    }
}
