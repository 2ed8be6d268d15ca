import FXCore
import XCTest

/// The effect's `transactions`: scheduled model changes that Core Animation's implicit-action
/// rules animate (`CALayer`'s default action, a basic animation from the presentation value, over
/// `CATransaction`'s 0.25 s and its timing function), or not (`disableActions`, flags).
final class TransactionTests: XCTestCase {
    /// A shape layer `ring` (strokeEnd 0), a replicator `copies` and whatever `transactions` say.
    private func ringEffect(_ transactions: String, animations: String = "[]") throws -> Effect {
        try effect("""
            {"fx": 1, "canvas": {"size": [200, 200]}, "duration": 3,
             "layers": [
               {"type": "shape", "name": "ring", "path": "M 20 100 L 180 100", "strokeColor": "#ff0000", "lineWidth": 4,
                "strokeEnd": 0, "animations": \(animations)},
               {"type": "replicator", "name": "copies", "instanceCount": 2,
                "sublayers": [{"name": "dot", "bounds": [4, 4], "backgroundColor": "#ffffff"}]}],
             "transactions": \(transactions)}
            """)
    }

    /// The presentation value of `keyPath` (one number) at effect time `time`.
    private func value(_ effect: Effect, _ keyPath: String, at time: Double) throws -> Double {
        let series = try effect.sample([keyPath], from: time, to: time, count: 2)
        return try XCTUnwrap(series.first?.values.first?.first)
    }

    func testAChangeAnimatesFromTheOldValueOverAQuarterSecondWithTheDefaultTimingFunction() throws {
        let effect = try ringEffect(#"[{"time": 0.5, "set": {"ring.strokeEnd": 1}}]"#)
        XCTAssertEqual(try value(effect, "ring.strokeEnd", at: 0.25), 0, "before the transaction, the old model value")
        XCTAssertEqual(try value(effect, "ring.strokeEnd", at: 0.5), 0, accuracy: 1e-12, "the implicit animation starts from the value shown")
        let halfway = try value(effect, "ring.strokeEnd", at: 0.625)
        XCTAssertEqual(halfway, Transaction.defaultTimingFunction.value(at: 0.5), accuracy: 1e-9)
        XCTAssertTrue(halfway > 0 && halfway < 1, "halfway through 0.25 s: \(halfway)")
        XCTAssertEqual(try value(effect, "ring.strokeEnd", at: 0.75), 1, "after 0.25 s, the new model value")
        XCTAssertEqual(try value(effect, "ring.strokeEnd", at: 2.5), 1)
        XCTAssertEqual(Transaction.defaultAnimationDuration, 0.25)
    }

    func testDurationAndTimingFunctionAreTheTransactions() throws {
        let effect = try ringEffect(#"[{"time": 1, "set": {"ring.strokeEnd": 0.8}, "animationDuration": 1, "timingFunction": "linear"}]"#)
        XCTAssertEqual(try value(effect, "ring.strokeEnd", at: 1.25), 0.2, accuracy: 1e-9)
        XCTAssertEqual(try value(effect, "ring.strokeEnd", at: 1.5), 0.4, accuracy: 1e-9)
        XCTAssertEqual(try value(effect, "ring.strokeEnd", at: 2), 0.8, accuracy: 1e-12)
        let custom = try ringEffect(#"[{"time": 1, "set": {"ring.strokeEnd": 1}, "timingFunction": [0.42, 0, 0.58, 1]}]"#)
        XCTAssertEqual(try value(custom, "ring.strokeEnd", at: 1.125), TimingFunction.easeInEaseOut.value(at: 0.5), accuracy: 1e-9)
    }

    func testDisableActionsAndAZeroDurationJump() throws {
        for options in [#""disableActions": true"#, #""animationDuration": 0"#] {
            let effect = try ringEffect(#"[{"time": 0.5, "set": {"ring.strokeEnd": 1}, \#(options)}]"#)
            XCTAssertEqual(try value(effect, "ring.strokeEnd", at: 0.45), 0, options)
            XCTAssertEqual(try value(effect, "ring.strokeEnd", at: 0.5), 1, options)
            XCTAssertEqual(try value(effect, "ring.strokeEnd", at: 0.625), 1, options)
        }
    }

    func testInterruptingAnImplicitAnimationStartsFromItsPresentationValue() throws {
        // 0 → 1 over 2 s from 0.5 s; at 1.5 s (halfway: 0.5 shown) → 0 over 0.5 s.
        let effect = try ringEffect("""
            [{"time": 0.5, "set": {"ring.strokeEnd": 1}, "animationDuration": 2, "timingFunction": "linear"},
             {"time": 1.5, "set": {"ring.strokeEnd": 0}, "animationDuration": 0.5, "timingFunction": "linear"}]
            """)
        XCTAssertEqual(try value(effect, "ring.strokeEnd", at: 1.5), 0.5, accuracy: 1e-9, "no jump: from the value shown")
        XCTAssertEqual(try value(effect, "ring.strokeEnd", at: 1.75), 0.25, accuracy: 1e-9)
        // The first animation, which would run to 2.5 s, was replaced (Core Animation's
        // add(_:forKey:) under the key path): the new model value shows once the second ends.
        XCTAssertEqual(try value(effect, "ring.strokeEnd", at: 2.25), 0)
        // Actions disabled: the running animation is left alone and the model value shows after it.
        let disabled = try ringEffect("""
            [{"time": 0.5, "set": {"ring.strokeEnd": 1}, "animationDuration": 2, "timingFunction": "linear"},
             {"time": 1.5, "set": {"ring.strokeEnd": 0.2}, "disableActions": true}]
            """)
        XCTAssertEqual(try value(disabled, "ring.strokeEnd", at: 2), 0.75, accuracy: 1e-9)
        XCTAssertEqual(try value(disabled, "ring.strokeEnd", at: 2.75), 0.2, accuracy: 1e-12)
    }

    func testChangesOfOneMomentStartFromWhatWasShownBeforeIt() throws {
        let effect = try ringEffect("""
            [{"time": 1, "set": {"ring.strokeEnd": 1}, "disableActions": true},
             {"time": 1, "set": {"ring.strokeEnd": 0.5}, "animationDuration": 1, "timingFunction": "linear"}]
            """)
        XCTAssertEqual(try value(effect, "ring.strokeEnd", at: 1.5), 0.25, accuracy: 1e-9, "from 0, the value shown before 1 s")
    }

    func testFlagsAndWholeNumbersJump() throws {
        let effect = try ringEffect(#"[{"time": 0.5, "set": {"ring.hidden": true, "copies.instanceCount": 5, "ring.opacity": 0}}]"#)
        let series = try effect.sample(["ring.hidden", "copies.instanceCount", "ring.opacity"], from: 0.5, to: 0.5625, count: 2)
        XCTAssertEqual(series[0].values[0], [1, 1], "hidden at once")
        XCTAssertEqual(series[1].values[0], [5, 5], "instanceCount at once")
        XCTAssertEqual(series[2].values[0][0], 1, accuracy: 1e-12, "opacity animates from 1")
        XCTAssertTrue(series[2].values[0][1] > 0 && series[2].values[0][1] < 1)
    }

    func testAnExplicitAnimationOverridesTheModelValueAndTheImplicitOne() throws {
        let effect = try ringEffect(#"[{"time": 0.5, "set": {"ring.strokeEnd": 1}}]"#, animations: """
            [{"type": "basic", "keyPath": "strokeEnd", "fromValue": 0.3, "toValue": 0.3, "beginTime": 0.25, "duration": 0.5},
             {"type": "basic", "keyPath": "strokeEnd", "toValue": 0.1, "beginTime": 1, "duration": 1}]
            """)
        XCTAssertEqual(try value(effect, "ring.strokeEnd", at: 0.6), 0.3, accuracy: 1e-12, "the explicit animation is on top")
        XCTAssertEqual(try value(effect, "ring.strokeEnd", at: 0.8), 1, "then the model value")
        XCTAssertEqual(try value(effect, "ring.strokeEnd", at: 1.5), 0.55, accuracy: 1e-9, "one without fromValue starts from the new model value")
        // The layer's own animations are listed without what the transactions scheduled.
        let ring = try XCTUnwrap(effect.allLayers().first { $0.layer.identifier == "ring" }?.layer)
        XCTAssertEqual(ring.ownAnimations.count, 2)
        XCTAssertEqual(ring.animations.count, 4)
        XCTAssertEqual(ring.animations.compactMap(\.transactionPart), [.modelValue(transaction: 0), .implicitAnimation(transaction: 0)])
    }

    func testTimeIsConvertedIntoTheLayersTimeAndSublayersAreReached() throws {
        let effect = try effect("""
            {"fx": 1, "canvas": {"size": [200, 200]},
             "layers": [{"name": "box", "beginTime": 1, "speed": 2, "bounds": [10, 10],
                         "sublayers": [{"name": "inner", "bounds": [4, 4], "opacity": 0}]}],
             "transactions": [{"time": 1.5, "set": {"box.sublayers.inner.opacity": 1}, "disableActions": true}]}
            """)
        let inner = try XCTUnwrap(effect.allLayers().first { $0.layer.identifier == "inner" }?.layer)
        XCTAssertEqual(inner.animations.first?.timing.beginTime, 1, "effect time 1.5 is 1 s of box's time")
        XCTAssertEqual(try value(effect, "inner.opacity", at: 1.4), 0)
        XCTAssertEqual(try value(effect, "inner.opacity", at: 1.5), 1)
    }

    func testAnEmittersBirthRateSetByATransactionChangesEmission() throws {
        let json = """
            {"fx": 1, "canvas": {"size": [200, 200]},
             "layers": [{"type": "emitter", "name": "e", "emitterPosition": [100, 100], "birthRate": 0,
                         "emitterCells": [{"name": "c", "contents": "circle", "birthRate": 100, "lifetime": 5}]}],
             "transactions": [{"time": 0.5, "set": {"e.birthRate": 1}, "disableActions": true}]}
            """
        let world = World(effect: try effect(json))
        for _ in 0..<54 { world.step() }  // 0.45 s at 120 steps/s
        XCTAssertEqual(world.liveParticles, 0)
        for _ in 0..<66 { world.step() }  // to 1 s
        XCTAssertEqual(Double(world.liveParticles), 50, accuracy: 2, "100 per second for half a second")
    }

    func testBadTransactionsAreErrorsWithTheirPlace() throws {
        func errors(_ transactions: String) -> [Diagnostic] {
            diagnostics("""
                {"fx": 1, "layers": [{"type": "shape", "name": "ring", "path": "M 0 0 L 10 0"}],
                 "transactions": \(transactions)}
                """)
        }
        let layer = errors(#"[{"time": 1, "set": {"rng.strokeEnd": 1}}]"#)
        XCTAssertEqual(layer.first?.path, #"$.transactions[0].set["rng.strokeEnd"]"#)
        XCTAssertEqual(layer.first?.line, 2)
        XCTAssertTrue(layer.first?.message.contains(#"no layer named "rng"; did you mean "ring"?"#) ?? false, "\(layer)")
        let keyPath = errors(#"[{"time": 1, "set": {"ring.strokeEnds": 1}}]"#)
        XCTAssertTrue(keyPath.first?.message.contains("names nothing animatable") ?? false, "\(keyPath)")
        XCTAssertEqual(keyPath.first?.suggestion, #"did you mean "ring.strokeEnd"?"#)
        let kind = errors(#"[{"time": 1, "set": {"ring.strokeEnd": "full"}}]"#)
        XCTAssertEqual(kind.first?.path, #"$.transactions[0].set["ring.strokeEnd"]"#, "\(kind)")
        let range = errors(#"[{"time": 1, "set": {"ring.lineWidth": -2}}]"#)
        XCTAssertTrue(range.first?.message.contains("lineWidth") ?? false, "\(range)")
        let duration = errors(#"[{"time": 1, "set": {"ring.strokeEnd": 1}, "animationDuration": -1}]"#)
        XCTAssertEqual(duration.first?.path, "$.transactions[0].animationDuration", "\(duration)")
        let order = errors(#"[{"time": 2, "set": {"ring.strokeEnd": 1}}, {"time": 1, "set": {"ring.strokeEnd": 0}}]"#)
        XCTAssertEqual(order.first?.path, "$.transactions[1].time")
        XCTAssertTrue(order.first?.message.contains("time order") ?? false, "\(order)")
        let missing = errors(#"[{"time": 1}]"#)
        XCTAssertEqual(missing.first?.path, "$.transactions[0]")
        let unknown = errors(#"[{"time": 1, "set": {"ring.strokeEnd": 1}, "duration": 1}]"#)
        XCTAssertTrue(unknown.contains { $0.path.hasPrefix("$.transactions[0]") }, "\(unknown)")
        let function = errors(#"[{"time": 1, "set": {"ring.strokeEnd": 1}, "timingFunction": "easeInOut"}]"#)
        XCTAssertEqual(function.first?.path, "$.transactions[0].timingFunction")
        let whole = errors(#"[{"time": 1, "set": {"ring": 1}}]"#)
        XCTAssertTrue(whole.first?.message.contains("names a layer") ?? false, "\(whole)")
        // Each change is scheduled by presenting its layer: a bounded number of them.
        let many = (0..<501).map { #"{"time": \#($0), "set": {"ring.strokeStart": 0, "ring.strokeEnd": 1}}"# }.joined(separator: ",")
        let tooMany = errors("[\(many)]")
        XCTAssertEqual(tooMany.first?.path, #"$.transactions[500].set["ring.strokeStart"]"#, "\(tooMany.first.map(String.init(describing:)) ?? "")")
        XCTAssertTrue(tooMany.first?.message.contains("more than 1000 times") ?? false)
    }
}
