import FXCore
import Foundation
import XCTest

/// `fx import` of Godot scenes (`.tscn`) and resources (`.tres`), Godot 3 and 4, judged against
/// Godot's own rules, computed here from the scene's numbers: `scene/2d/cpu_particles_2d.cpp`
/// (`_particles_process`) and the process material's shader (`scene/resources/
/// particle_process_material.cpp`, Godot 3's `particles_material.cpp`). Godot keeps `amount`
/// particles alive in a steady state (particle i restarts at i / amount of every `lifetime`
/// cycle and lives one cycle); explosiveness 1 restarts them all at the start of each cycle;
/// each goes at atan2(direction) ± spread at a speed in its min…max (Godot 3: v·(1 − r)…v);
/// gravity adds to the velocity each step; 2D is y down.
final class GodotImportTests: XCTestCase {
    var examples: URL { FXProcess.packageRoot.appendingPathComponent("Examples/imports") }

    typealias Particle = MovingParticle

    func importFile(_ source: String, arguments: [String] = []) throws -> (URL, FXProcess.Result) {
        let out = FXProcess.temporaryDirectory().appendingPathComponent(URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent + ".json")
        let result = try FXProcess.run(["import", source, "--out", out.path] + arguments, timeout: 120)
        return (out, result)
    }

    /// Writes `text` as `name` in a new folder and imports it.
    func importText(_ text: String, name: String = "scene.tscn") throws -> (URL, FXProcess.Result, URL) {
        let folder = FXProcess.temporaryDirectory()
        let source = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: source)
        let (out, result) = try importFile(source.path)
        return (out, result, source)
    }

    /// The import ran, every warning is `file:line: warning: key: why`, and `fx validate` passes.
    func assertImportedAndValid(_ out: URL, _ result: FXProcess.Result, source: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        for warning in result.stderr.split(separator: "\n") where warning.contains(": warning: ") {
            XCTAssertNotNil(warning.range(of: #"^.*\#(source):\d+: warning: [\w, ]+: .+"#, options: .regularExpression), String(warning), file: file, line: line)
        }
        let text = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(text.contains("(Godot 3 / 4 scene or resource"), text, file: file, line: line)
        let validation = try FXProcess.run(["validate", out.path])
        XCTAssertEqual(validation.status, 0, validation.stdout + validation.stderr, file: file, line: line)
    }

    /// The particles of layer `layer`'s only cell at `time`, each with the velocity it really
    /// moves at (its displacement over the next `step`).
    func particles(of path: URL, at time: Double, layer: Int = 0, step: Double = 1.0 / 240) throws -> [Particle] {
        try MovingParticle.sample(path, at: time, layer: layer, step: step)
    }

    /// The live count of layer `layer`'s cell at `time`, from the real `fx inspect`.
    func alive(_ path: URL, at time: Double, layer: Int) throws -> Double {
        let result = try FXProcess.run(["inspect", path.path, "--time", "\(time)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let layers = try XCTUnwrap(report?["layers"] as? [[String: Any]])
        let cell = try XCTUnwrap((layers[layer]["cells"] as? [[String: Any]])?.first)
        return try XCTUnwrap(cell["alive"] as? Double)
    }

    func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(values.count, 1)) }

    /// The emitter position of layer `index` in the imported effect.
    func emitterPosition(_ out: URL, layer index: Int) throws -> (Double, Double) {
        let effect = try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any]
        let layers = try XCTUnwrap(effect?["layers"] as? [[String: Any]])
        let position = try XCTUnwrap(layers[index]["emitterPosition"] as? [Double])
        return (position[0], position[1])
    }

    // MARK: The examples

    /// fountain.tscn (Godot 4, GPUParticles2D): amount 240, lifetime 1.6, straight up ± 12° at
    /// 380…460 px/s, gravity (0, 490), scale 0.8…1.2 × a curve 1 → 0.5, a color ramp of three
    /// stops, preprocess 2 s, texture droplet.png found beside it.
    func testFountainImportsLikeGodot4RunsIt() throws {
        let (out, result) = try importFile(examples.appendingPathComponent("fountain.tscn").path)
        try assertImportedAndValid(out, result, source: "fountain.tscn")
        let text = try String(contentsOf: out, encoding: .utf8)
        for expected in ["\"birthRate\": 150,", "\"lifetime\": 1.6,", "\"emissionLongitude\": \"-90deg\",", "\"emissionRange\": \"24deg\",",
                         "\"velocity\": 420,", "\"velocityRange\": 80,", "\"yAcceleration\": 490", "\"scaleRange\": 0.4,", "\"prewarm\": 2,",
                         "\"contents\": \"droplet\"", "\"droplet\": \"fountain-droplet.png\"", "\"maxParticles\": 480,",
                         "\"times\": [0, 0.6, 1]", "\"values\": [1, 0.5]"] {
            XCTAssertTrue(text.contains(expected), "\(expected) in\n\(text)")
        }
        XCTAssertFalse(result.stderr.contains("texture"), result.stderr)

        // Godot keeps `amount` alive once full (and preprocess 2 s > lifetime fills it at once).
        for time in [0.1, 1.0, 3.0] {
            XCTAssertEqual(try alive(out, at: time, layer: 0), 240, accuracy: 240 * 0.03, "at \(time) s")
        }
        // Each particle is where Godot's integration puts it: birth velocity × age + gravity × age²/2,
        // with the vertical birth speed's mean 420 × E[cos θ], θ uniform in ±12°.
        let particles = try particles(of: out, at: 3)
        let (x0, y0) = try emitterPosition(out, layer: 0)
        let young = particles.filter { $0.age > 0.05 }
        XCTAssertGreaterThan(young.count, 150)
        let spread = 12 * Double.pi / 180
        let upward = mean(young.map { -(($0.y - y0) - 490 * $0.age * $0.age / 2) / $0.age })
        XCTAssertEqual(upward, 420 * sin(spread) / spread, accuracy: 420 * 0.03, "mean vertical launch speed")
        XCTAssertEqual(mean(young.map { ($0.x - x0) / $0.age }), 0, accuracy: 15, "centred on straight up")
        for particle in young {
            let launch = atan2(-(particle.y - y0 - 490 * particle.age * particle.age / 2), particle.x - x0) * 180 / .pi
            XCTAssertEqual(launch, 90, accuracy: 12.5, "within the spread")
        }
        // color × ramp: at birth (0.85, 0.95, 1, 1); at 0.6 of the life (0.35, 0.6, 1, 0.8).
        for particle in particles where particle.normalizedAge < 0.01 {
            XCTAssertEqual(particle.red, 0.85, accuracy: 0.02)
            XCTAssertEqual(particle.alpha, 1, accuracy: 0.02)
        }
        for particle in particles where abs(particle.normalizedAge - 0.6) < 0.01 {
            XCTAssertEqual(particle.red, 0.35, accuracy: 0.02)
            XCTAssertEqual(particle.alpha, 0.8, accuracy: 0.02)
        }
        // scale 0.8…1.2 at birth, × 0.5 at death (the curve is straight: its tangents are its slope).
        for particle in particles where particle.normalizedAge > 0.98 {
            XCTAssertGreaterThanOrEqual(particle.scale, 0.4 - 0.02)
            XCTAssertLessThanOrEqual(particle.scale, 0.6 + 0.02)
        }
    }

    /// sparks.tscn (Godot 3, CPUParticles2D): explosiveness 1, so all 60 restart together each
    /// 0.8 s cycle; spread 180 (every direction); initial_velocity 320 with random 0.5 → uniform
    /// in 160…320; angle 45 with random 1 → 0…45°; spark_particle.png missing → the built-in spark.
    func testSparksBurstLikeGodot3() throws {
        let (out, result) = try importFile(examples.appendingPathComponent("sparks.tscn").path)
        try assertImportedAndValid(out, result, source: "sparks.tscn")
        XCTAssertTrue(result.stderr.contains("sparks.tscn:18: warning: texture: res://textures/spark_particle.png: no PNG, JPEG or GIF image of that name"), result.stderr)
        XCTAssertTrue(result.stderr.contains("sparks.tscn:23: warning: damping: approximated"), result.stderr)
        let text = try String(contentsOf: out, encoding: .utf8)
        for expected in ["\"burstCount\": 60,", "\"burstInterval\": 0.8", "\"emissionRange\": \"360deg\"", "\"velocity\": 240,", "\"velocityRange\": 160,",
                         "\"rotation\": \"-22.5deg\"", "\"rotationRange\": \"45deg\"", "\"contents\": \"spark\"", "\"yAcceleration\": 300"] {
            XCTAssertTrue(text.contains(expected), "\(expected) in\n\(text)")
        }
        // All 60 alive through each cycle, whenever it is looked at.
        for time in [0.2, 0.6, 1.0, 1.5, 2.3] {
            XCTAssertEqual(try alive(out, at: time, layer: 0), 60, "at \(time) s")
        }
        // One burst: every particle of the cycle is the same age.
        let particles = try particles(of: out, at: 1.0)
        XCTAssertEqual(particles.count, 60)
        XCTAssertLessThan((particles.map(\.age).max() ?? 0) - (particles.map(\.age).min() ?? 0), 0.01)
        // Colors: the ramp at the age (0.25 of the life: halfway from (1, 1, 0.8) to (1, 0.6, 0.1)).
        for particle in particles {
            XCTAssertEqual(particle.green, 1 - 0.4 * particle.normalizedAge / 0.5, accuracy: 0.03)
        }
    }

    /// torches.tscn (Godot 4): two CPUParticles2D 120 px either side of a parent at (300, 200)
    /// scaled 1.5: Godot places them at 300 ∓ 180, so 360 apart on one line, with speeds, the
    /// emission circle and the particles 1.5× larger; additive blending; no texture.
    func testTwoEmittersUnderAMovedParentKeepTheirPlaces() throws {
        let (out, result) = try importFile(examples.appendingPathComponent("torches.tscn").path)
        try assertImportedAndValid(out, result, source: "torches.tscn")
        let left = try emitterPosition(out, layer: 0), right = try emitterPosition(out, layer: 1)
        XCTAssertEqual(right.0 - left.0, 360, accuracy: 0.001)
        XCTAssertEqual(right.1, left.1, accuracy: 0.001)
        let text = try String(contentsOf: out, encoding: .utf8)
        for expected in ["\"name\": \"LeftFlame\"", "\"name\": \"RightFlame\"", "\"renderMode\": \"additive\"", "\"emitterSize\": [9, 9]",
                         "\"velocity\": 105,", "\"velocityRange\": 60,", "\"scale\": 0.1875,", "\"contents\": \"square\"", "\"birthRate\": 75,"] {
            XCTAssertTrue(text.contains(expected), "\(expected) in\n\(text)")
        }
        XCTAssertTrue(result.stderr.contains("torches.tscn:30: warning: texture: none: Godot draws each particle as a 1-pixel square"), result.stderr)
        for layer in [0, 1] {
            XCTAssertEqual(try alive(out, at: 3, layer: layer), 90, accuracy: 90 * 0.05)
            // They rise: Godot's direction (0, −1) is up on a y-down screen.
            let particles = try particles(of: out, at: 3, layer: layer)
            XCTAssertLessThan(mean(particles.map(\.vy)), -40)
        }
    }

    // MARK: Godot's rules, one at a time

    /// Direction (1, 0) with spread 45 goes right, ±45°; gravity (0, 98) pulls down (y grows),
    /// as Godot 4's CPUParticles2D: velocity at atan2(0, 1) ± 45° × 100 px/s, then + g·dt.
    func testDirectionIsRightAndGravityPullsDown() throws {
        let scene = """
        [gd_scene format=3]

        [node name="Jet" type="CPUParticles2D"]
        amount = 200
        lifetime = 2.0
        spread = 45.0
        gravity = Vector2(0, 98)
        initial_velocity_min = 100.0
        initial_velocity_max = 100.0
        """
        let (out, result, _) = try importText(scene)
        try assertImportedAndValid(out, result, source: "scene.tscn")
        let (x0, y0) = try emitterPosition(out, layer: 0)
        let particles = try particles(of: out, at: 4).filter { $0.age > 0.1 }
        XCTAssertGreaterThan(particles.count, 150)
        // Mean rightward speed: 100 × E[cos θ] for θ uniform in ±45° = 100 × sin 45° / (π/4).
        XCTAssertEqual(mean(particles.map { ($0.x - x0) / $0.age }), 100 * sin(Double.pi / 4) / (Double.pi / 4), accuracy: 3)
        // Vertically the spread cancels: what is left is gravity's fall, 49 × age².
        XCTAssertEqual(mean(particles.map { ($0.y - y0 - 49 * $0.age * $0.age) / $0.age }), 0, accuracy: 5)
        XCTAssertGreaterThan(mean(particles.map(\.vy)), 30, "falling: gravity is down on screen")
        for particle in particles {
            let launch = atan2(particle.y - y0 - 49 * particle.age * particle.age, particle.x - x0) * 180 / .pi
            XCTAssertEqual(launch, 0, accuracy: 45.5)
        }
        XCTAssertEqual(try alive(out, at: 4, layer: 0), 200, accuracy: 200 * 0.03)
    }

    /// `one_shot`: Godot emits one `lifetime` cycle and stops (`cycle++; if (one_shot && cycle
    /// > 0) emitting = false`): a stream of 20 over the first second has 10 alive at 0.5 s and
    /// at 1.5 s and none at 2.5 s; with explosiveness 1, 20 at 0.5 s and none at 1.5 s.
    func testOneShotEmitsOneCycle() throws {
        for (explosiveness, expected) in [(0.0, [(0.5, 10.0), (1.5, 10.0), (2.5, 0.0)]), (1.0, [(0.5, 20.0), (1.5, 0.0), (2.5, 0.0)])] {
            let scene = """
            [gd_scene format=3]

            [node name="Once" type="CPUParticles2D"]
            amount = 20
            lifetime = 1.0
            one_shot = true
            explosiveness = \(explosiveness)
            """
            let (out, result, _) = try importText(scene)
            try assertImportedAndValid(out, result, source: "scene.tscn")
            for (time, count) in expected {
                XCTAssertEqual(try alive(out, at: time, layer: 0), count, accuracy: 1, "explosiveness \(explosiveness) at \(time) s")
            }
        }
    }

    /// `speed_scale` multiplies every step's time (`p_delta *= speed_scale`): at 2, a 2 s
    /// lifetime passes in 1 s and the 20 still fill it, each moving 100 px/s × 2 on screen.
    func testSpeedScaleRunsTheEmittersTimeFaster() throws {
        let scene = """
        [gd_scene format=3]

        [node name="Fast" type="CPUParticles2D"]
        amount = 20
        lifetime = 2.0
        speed_scale = 2.0
        spread = 0.0
        gravity = Vector2(0, 0)
        initial_velocity_min = 100.0
        initial_velocity_max = 100.0
        """
        let (out, result, _) = try importText(scene)
        try assertImportedAndValid(out, result, source: "scene.tscn")
        XCTAssertTrue(try String(contentsOf: out, encoding: .utf8).contains("\"speed\": 2,"))
        XCTAssertEqual(try alive(out, at: 3, layer: 0), 20, accuracy: 1)
        let particles = try particles(of: out, at: 3)
        XCTAssertEqual(mean(particles.map(\.vx)), 200, accuracy: 2, "100 px/s of the emitter's time, twice as fast on screen")
    }

    /// A smooth Godot 3 curve (tangents not the slope) is sampled where Godot samples it: its
    /// cubic Bézier with control heights y ± tangent × width / 3; a constant gradient steps; a
    /// lone ParticleProcessMaterial `.tres` imports with Godot's node defaults.
    func testCurvesAndGradientsBecomeOverLifeSequences() throws {
        let scene = """
        [gd_scene load_steps=4 format=2]

        [sub_resource type="Curve" id=1]
        _data = [ Vector2( 0, 0 ), 0.0, 3.0, 0, 0, Vector2( 1, 1 ), 0.0, 0.0, 0, 0 ]

        [sub_resource type="Gradient" id=2]
        interpolation_mode = 1
        offsets = PoolRealArray( 0, 0.5 )
        colors = PoolColorArray( 1, 0, 0, 1, 0, 0, 1, 1 )

        [node name="Puff" type="CPUParticles2D"]
        amount = 50
        lifetime = 2.0
        scale_amount_curve = SubResource( 1 )
        color_ramp = SubResource( 2 )
        """
        let (out, result, _) = try importText(scene)
        try assertImportedAndValid(out, result, source: "scene.tscn")
        let effect = try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any]
        let cell = try XCTUnwrap(((effect?["layers"] as? [[String: Any]])?.first?["emitterCells"] as? [[String: Any]])?.first)
        let scale = try XCTUnwrap(cell["scaleOverLife"] as? [String: Any])
        let values = try XCTUnwrap(scale["values"] as? [Double]), times = try XCTUnwrap(scale["times"] as? [Double])
        XCTAssertEqual(values.count, 65)
        // Godot: y(t) = Bézier(0, 0 + 3 × 1/3, 1 − 0 × 1/3, 1) at t.
        func godot(_ t: Double) -> Double { let u = 1 - t; return 3 * u * u * t * 1 + 3 * u * t * t * 1 + t * t * t }
        for (time, value) in zip(times, values) { XCTAssertEqual(value, godot(time), accuracy: 1e-6) }
        let color = try XCTUnwrap(cell["colorOverLife"] as? [String: Any])
        XCTAssertEqual(color["interpolation"] as? String, "step")
        XCTAssertEqual(color["times"] as? [Double], [0, 0.5, 1])
        // Particles at 0.4 of their life are red, at 0.6 blue, and sized as Godot's curve says.
        for particle in try particles(of: out, at: 4) {
            XCTAssertEqual(particle.red, particle.normalizedAge < 0.5 ? 1 : 0, accuracy: 0.01)
            // No texture: Godot's 1-pixel square is fx's 64-point square at scale / 64.
            XCTAssertEqual(particle.scale * 64, godot(particle.normalizedAge), accuracy: 0.02)
        }

        let material = """
        [gd_resource type="ParticleProcessMaterial" format=3]

        [resource]
        direction = Vector3(0, 1, 0)
        spread = 0.0
        initial_velocity_min = 50.0
        initial_velocity_max = 50.0
        gravity = Vector3(0, 0, 0)
        """
        let (materialOut, materialResult, _) = try importText(material, name: "rain.tres")
        try assertImportedAndValid(materialOut, materialResult, source: "rain.tres")
        XCTAssertTrue(materialResult.stderr.contains("rain.tres:1: warning: ParticleProcessMaterial: a process material alone"), materialResult.stderr)
        let text = try String(contentsOf: materialOut, encoding: .utf8)
        for expected in ["\"birthRate\": 8,", "\"emissionLongitude\": \"90deg\"", "\"velocity\": 50,"] {
            XCTAssertTrue(text.contains(expected), "\(expected) in\n\(text)")
        }
    }

    /// `--from godot` reads a scene whatever its name.
    func testFromGodotNamesTheFormat() throws {
        let folder = FXProcess.temporaryDirectory()
        let source = folder.appendingPathComponent("scene.txt")
        try Data("[gd_scene format=3]\n[node name=\"P\" type=\"CPUParticles2D\"]\n".utf8).write(to: source)
        let out = folder.appendingPathComponent("p.json")
        let result = try FXProcess.run(["import", source.path, "--from", "godot", "--out", out.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.path))
    }

    /// A `res://` path is read from the Godot project's root — the nearest folder above the scene
    /// holding `project.godot` — and the image copied beside the effect.
    func testTexturesAreFoundFromTheProjectRoot() throws {
        let project = FXProcess.temporaryDirectory()
        let scenes = project.appendingPathComponent("scenes/fx"), art = project.appendingPathComponent("art")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: art, withIntermediateDirectories: true)
        try Data("config_version=5\n".utf8).write(to: project.appendingPathComponent("project.godot"))
        try FileManager.default.copyItem(at: examples.appendingPathComponent("droplet.png"), to: art.appendingPathComponent("dot.png"))
        let scene = scenes.appendingPathComponent("dots.tscn")
        try Data("""
        [gd_scene load_steps=2 format=3]

        [ext_resource type="Texture2D" path="res://art/dot.png" id="1_dot"]

        [node name="Dots" type="GPUParticles2D"]
        texture = ExtResource("1_dot")
        """.utf8).write(to: scene)
        let (out, result) = try importFile(scene.path)
        try assertImportedAndValid(out, result, source: "dots.tscn")
        XCTAssertFalse(result.stderr.contains("warning: texture"), result.stderr)
        XCTAssertTrue(result.stderr.contains("dots.tscn:5: warning: process_material: Dots has no process material"), result.stderr)
        XCTAssertTrue(try String(contentsOf: out, encoding: .utf8).contains("\"dot\": \"dots-dot.png\""))
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.deletingLastPathComponent().appendingPathComponent("dots-dot.png").path))
    }

    // MARK: Hostile input

    /// Broken and hostile scenes: each an error naming `file:line:column` and what was expected
    /// (exit 1, nothing written), never a crash or a hang.
    func testHostileScenesAreErrorsAtTheirPlace() throws {
        let deep = String(repeating: "[", count: 100_000)
        let huge = "PackedFloat32Array(" + String(repeating: "0,", count: 4_100_000) + "0)"
        let cases: [(text: String, expected: String)] = [
            ("[gd_scene format=3]\n[node name=\"P\" type=\"CPUParticles2D\"]\nlifetime = \"abc\n", "scene.tscn:3:12: error: the string started here is not closed"),
            ("[gd_scene format=3]\n[node name=\"P\" type=\"CPUParticles2D\"]\nemission_points = PackedVector2Array(1, 2,\n", "scene.tscn:3:19: error: PackedVector2Array( started here is not closed"),
            ("[gd_scene format=3]\n[node name=\"P\" type=\"CPUParticles2D\"]\nx = [1, 2\n", "scene.tscn:3:5: error: the array '[' started here is not closed"),
            ("[gd_scene format=3]\n[node name=\"P\" type=\"CPUParticles2D\"]\nx = \(deep)\n", "scene.tscn:3:"),
            ("[gd_scene format=3]\n[node name=\"P\" type=\"CPUParticles2D\"]\nx = \(huge)\n", "more than 4000000 values"),
            ("[gd_scene format=3\n", "scene.tscn:1:1: error: the section [gd_scene started here is not closed"),
            ("[gd_scene format=3]\n[node name=\"P\" type=\"CPUParticles2D\"]\namount = " + String(repeating: "9", count: 5000) + "\n", "scene.tscn:3:10: error: a number longer than 400 characters"),
            ("[gd_scene format=3]\n[node name=\"P\" type=\"CPUParticles2D\"]\nlifetime = 1e400\n", "scene.tscn:3:1: error: lifetime: inf is not a number fx can use"),
            ("[gd_scene format=3]\n[node name=\"P\" type=\"CPUParticles2D\"]\nlifetime = nan\n", "scene.tscn:3:1: error: lifetime: nan is not a number"),
            ("[gd_scene format=3]\n[sub_resource type=\"CurveTexture\" id=\"a\"]\ncurve = SubResource(\"a\")\n[sub_resource type=\"ParticleProcessMaterial\" id=\"m\"]\nscale_curve = SubResource(\"a\")\n[node name=\"P\" type=\"GPUParticles2D\"]\nprocess_material = SubResource(\"m\")\n",
             "scene.tscn:5:1: error: scale_curve: SubResource(a) refers back to itself"),
            ("[gd_scene format=3]\n[node name=\"P\" type=\"GPUParticles2D\"]\nprocess_material = SubResource(\"gone\")\n", "scene.tscn:3:1: error: process_material: no [sub_resource … id=gone] in the file"),
            ("[gd_scene format=3]\n[node name=\"P\" type=\"CPUParticles2D\"]\ntexture = ExtResource(\"9\")\n", "scene.tscn:3:1: error: texture: no [ext_resource … id=9] in the file"),
            ("[gd_scene format=3]\n[node name=\"Root\" type=\"Node2D\"]\n", "scene.tscn:1:1: error: no CPUParticles2D, Particles2D or GPUParticles2D node"),
            ("[gd_scene format=3]\n[node name=\"P\" type=\"CPUParticles2D\"]\nposition = Vector2(1, \n", "scene.tscn:3:12: error: Vector2( started here is not closed"),
            ("[gd_scene format=3]\n[node name=\"P\" type=\"CPUParticles2D\"]\nspeed_scale @ 2\n", "scene.tscn:3:13: error: expected '=' after the key 'speed_scale'"),
            ("[gd_scene format=3]\n[node name=\"P\" type=\"CPUParticles2D\"]\nx = Vector2 1\n", "scene.tscn:3:5: error: 'Vector2' is not a value Godot writes"),
            ("[gd_scene format=3]\n[node name=\"A\" type=\"Node2D\"]\nscale = Vector2(1e200, 1e200)\n[node name=\"P\" type=\"CPUParticles2D\" parent=\".\"]\nscale = Vector2(1e200, 1e200)\n",
             "scene.tscn:4:1: error: P: its position, rotation and scale with its parents' come to more than 1e9"),
        ]
        for (text, expected) in cases {
            let started = Date()
            let (out, result, _) = try importText(text)
            XCTAssertEqual(result.status, 1, "\(expected): exit \(result.status)\n\(result.stderr.suffix(1000))")
            XCTAssertTrue(result.stderr.contains(expected), "expected \(expected) in\n\(result.stderr.suffix(1000))")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing may be written")
            XCTAssertLessThan(Date().timeIntervalSince(started), 30, "\(expected): too slow")
        }
    }

    /// Out-of-range numbers are clamped with a warning at their line; a texture missing from the
    /// project is a warning and a built-in shape.
    func testHugeNumbersAreClampedWithAWarning() throws {
        let scene = """
        [gd_scene format=1e300]

        [ext_resource type="Texture2D" path="res://nowhere/star.png" id="1"]

        [node name="P" type="CPUParticles2D"]
        amount = 1000000000000
        lifetime = 1e300
        texture = ExtResource("1")
        emission_shape = 1e300
        """
        let (out, result, _) = try importText(scene)
        try assertImportedAndValid(out, result, source: "scene.tscn")
        XCTAssertTrue(result.stderr.contains("scene.tscn:6: warning: amount: 1000000000000 is outside the particle counts fx takes (1…1000000); 1000000 is used"), result.stderr)
        XCTAssertTrue(result.stderr.contains("scene.tscn:8: warning: texture: res://nowhere/star.png: no PNG"), result.stderr)
        XCTAssertTrue(result.stderr.contains("scene.tscn:9: warning: emission_shape: 100 is not a Godot emission shape"), result.stderr)
        XCTAssertTrue(try String(contentsOf: out, encoding: .utf8).contains("\"contents\": \"star\""))
    }
}
