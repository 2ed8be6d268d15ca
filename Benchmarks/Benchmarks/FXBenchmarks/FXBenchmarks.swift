import Benchmark
import FXCore

/// The simulation step and the draw list at 100 000 particles: the two loops that run per
/// particle every frame.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .instructions, .mallocCountTotal], maxDuration: .seconds(5))

    Benchmark("simulation step, 100k particles", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let world = steadyWorld(particles: 100_000)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { world.step() }
    }

    Benchmark("draw list, 100k particles") { benchmark in
        let world = steadyWorld(particles: 100_000)
        let list = DrawList()
        let builder = DrawListBuilder()
        builder.build(world, into: list)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { builder.build(world, into: list) }
    }

    Benchmark("decode confetti-sized effect") { benchmark in
        let bytes = Array(steadyEffectJSON(particles: 1000).utf8)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try? EffectDecoder.decode(bytes: bytes)) }
    }
}

func steadyEffectJSON(particles: Int) -> String {
    """
    {"fx": 1, "stepRate": 60, "maxParticles": \(particles * 2), "canvas": {"size": [1280, 720]},
     "layers": [{"type": "emitter", "timeOffset": 5, "emitterPosition": [640, 360], "emitterSize": [1280, 720],
       "emitterShape": "rectangle", "emitterCells": [{"name": "confetti", "contents": "rect", "birthRate": \(Double(particles) / 5),
         "lifetime": 5, "lifetimeRange": 2, "velocity": 60, "velocityRange": 40, "emissionRange": "360deg", "yAcceleration": 30,
         "spinRange": 12, "scale": 0.2, "scaleSpeed": -0.01, "color": [1, 0.2, 0.3, 1], "redSpeed": -0.16, "alphaSpeed": -0.2}]}]}
    """
}

func steadyWorld(particles: Int) -> World {
    let world = World(effect: try! EffectDecoder.decode(bytes: Array(steadyEffectJSON(particles: particles).utf8)))
    world.step()
    return world
}
