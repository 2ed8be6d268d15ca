import FXCore
import Foundation

/// The cell's keys from Godot's particle parameters: motion, rotation, scale, color and texture.
extension GodotEmitterMapping {
    // MARK: Motion

    /// Direction, spread, initial velocity, gravity, accelerations, damping and orbit. Godot
    /// sends each particle at atan2(direction) ± spread degrees, uniformly, at a speed drawn
    /// from its velocity range (`cpu_particles_2d.cpp`: `angle1_rad`, `p.velocity`; the
    /// material's `get_random_direction_from_spread`), then adds gravity, acceleration along
    /// the velocity, radial acceleration away from the emitter and tangential acceleration
    /// (−dy, dx) to it each step, and takes `damping` off the speed each second, stopping at 0.
    /// Returns the mean speed.
    mutating func motion(_ cell: inout [ImportedMember], nodeScale: Double) throws -> Double {
        let local = try localCoordinates()
        // Direction: the node's rotation turns it (`velocity_xform`), in local and global coordinates alike.
        let direction = try particles.parameterVector("direction", (1, 0))
        var longitude = atan2(direction.1, direction.0) * 180 / .pi + transform.rotation * 180 / .pi
        longitude = longitude.remainder(dividingBy: 360)
        let spreadProperty = particles.parameter("spread")
        let spread = min(max(try spreadProperty.map(particles.number) ?? 45, 0), 180)
        if abs(longitude) > 1e-9 { cell.append(ImportedMember(EmitterCellKeys.emissionLongitude, .string(Self.degrees(longitude)))) }
        if spread > 0 { cell.append(ImportedMember(EmitterCellKeys.emissionRange, .string(Self.degrees(2 * spread)))) }
        if spread > 0 && !particles.keepsToPlane() {
            warn("spread", line: spreadProperty?.line, "approximated: without \(particles.isGodot4 ? "particle_flag_disable_z" : "flag_disable_z") Godot spreads the particles in a 3D cone and draws it from the front (sideways ones move slower on screen); fx spreads them in the plane")
        }
        if let flatness = particles.parameter("flatness"), try particles.number(flatness) != 0 {
            warn("flatness", line: flatness.line, "dropped: it flattens a 3D spread; a 2D emitter's spread is already flat")
        }

        let velocity = try particles.range("initial_velocity", fallback: 0, spread: .towardZero)
        let meanSpeed = (velocity.min + velocity.max) / 2 * nodeScale
        if meanSpeed != 0 { cell.append(ImportedMember(EmitterCellKeys.velocity, .number(meanSpeed))) }
        if velocity.max > velocity.min { cell.append(ImportedMember(EmitterCellKeys.velocityRange, .number((velocity.max - velocity.min) * nodeScale))) }

        // Gravity: a CPU node's Vector2 (default (0, 98) in Godot 3, (0, 980) in Godot 4), a
        // material's Vector3 (default (0, -9.8, 0), a 3D default that in 2D pulls up).
        let gravityDefault = particles.isCPU ? (0.0, particles.isGodot4 ? 980.0 : 98.0) : (0.0, -9.8)
        let gravityProperty = particles.parameter("gravity")
        var gravity = try gravityProperty.map(particles.vector) ?? gravityDefault
        if local {
            // In local coordinates the particles live in the node's space: its rotation and scale turn gravity too.
            gravity = transform.direction(gravity.0, gravity.1)
        }

        let linear = try particles.range("linear_accel", fallback: 0, spread: .towardZero)
        let damping = try particles.range("damping", fallback: 0, spread: .towardZero)
        let meanLinear = (linear.min + linear.max) / 2 * nodeScale, meanDamping = max((damping.min + damping.max) / 2, 0) * nodeScale
        let slowing = meanDamping - meanLinear
        if slowing != 0 && meanSpeed > 0 {
            // The mean particle's speed is v + (linear − damping)·t, stopping at 0: a velocity factor over life.
            let perLife = slowing * longestLife / meanSpeed
            var times: [Double] = [0, 1], values: [Double] = [1, max(0, 1 - perLife)]
            if perLife > 1 {
                times = [0, 1 / perLife, 1]
                values = [1, 0, 0]
            }
            cell.append(ImportedMember(EmitterCellKeys.velocityOverLife, .object([
                ImportedMember(LifeSequenceKeys.values, .array(values.map { .number($0) })),
                ImportedMember(LifeSequenceKeys.times, .array(times.map { .number($0) })),
            ])))
            var keys: [String] = []
            if meanDamping > 0 { keys.append("damping") }
            if meanLinear != 0 { keys.append("linear_accel") }
            warn(keys.joined(separator: ", "), line: damping.line ?? linear.line, "approximated: Godot changes each particle's speed by \(ImportedJSON.text(of: -slowing)) px/s² until it stops; fx scales the velocity over life (velocityOverLife) as for the mean initial speed, \(ImportedJSON.text(of: meanSpeed)) px/s\(damping.max > damping.min || linear.max > linear.min || velocity.max > velocity.min ? ", so faster and slower particles stop at the same age" : "")\(gravity != (0, 0) ? ", and gravity's share of the speed is scaled too" : "")")
        } else if meanSpeed == 0 && slowing != 0 && gravity != (0, 0) {
            // From rest the particles move along gravity only, where linear acceleration adds to
            // it and damping takes off it: exact, |g| + linear − damping along g (never backward).
            let length = hypot(gravity.0, gravity.1)
            let factor = max(0, 1 - slowing / length)
            gravity = (gravity.0 * factor, gravity.1 * factor)
            var keys: [String] = []
            if meanDamping > 0 { keys.append("damping") }
            if meanLinear != 0 { keys.append("linear_accel") }
            warn(keys.joined(separator: ", "), line: damping.line ?? linear.line, "folded into gravity: the particles start at rest and move along gravity, where Godot's linear acceleration adds to its pull and damping takes off it (×\(ImportedJSON.text(of: (factor * 1000).rounded() / 1000)))")
        } else if meanSpeed == 0 && meanLinear != 0 {
            warn("linear_accel", line: linear.line, "dropped: it acts along the velocity, and these particles start at rest with no gravity")
        }
        if gravity.0 != 0 { cell.append(ImportedMember(EmitterCellKeys.xAcceleration, .number(gravity.0))) }
        if gravity.1 != 0 { cell.append(ImportedMember(EmitterCellKeys.yAcceleration, .number(gravity.1))) }
        for name in ["linear_accel", "damping"] { try curveDropped(name) }

        let radial = try particles.range("radial_accel", fallback: 0, spread: .towardZero)
        if radial.min != 0 || radial.max != 0 {
            cell.append(ImportedMember(EmitterCellKeys.radialAcceleration, .number((radial.min + radial.max) / 2 * nodeScale)))
            if radial.max > radial.min { cell.append(ImportedMember(EmitterCellKeys.radialAccelerationRange, .number((radial.max - radial.min) * nodeScale))) }
        }
        let tangential = try particles.range("tangential_accel", fallback: 0, spread: .towardZero)
        if tangential.min != 0 || tangential.max != 0 {
            // Godot's tangent is (−dy, dx) of the offset from the emitter: clockwise on a y-down screen, as fx's.
            cell.append(ImportedMember(EmitterCellKeys.tangentialAcceleration, .number((tangential.min + tangential.max) / 2 * nodeScale)))
            if tangential.max > tangential.min { cell.append(ImportedMember(EmitterCellKeys.tangentialAccelerationRange, .number((tangential.max - tangential.min) * nodeScale))) }
        }
        for name in ["radial_accel", "tangential_accel"] { try curveDropped(name) }
        try orbit(&cell, velocity: velocity, nodeScale: nodeScale, hasForces: gravity != (0, 0) || radial.max != 0 || radial.min != 0 || tangential.max != 0 || tangential.min != 0)
        if meanSpeed > 0 || gravity != (0, 0) {
            let g = hypot(gravity.0, gravity.1)
            reach = max(reach, meanSpeed * longestLife + g * longestLife * longestLife / 2)
        }
        return meanSpeed
    }

    /// Whether the particles move in the node's space (Godot 3's default) or the world's (Godot 4's).
    mutating func localCoordinates() throws -> Bool {
        let property = particles.nodeProperty("local_coords")
        return property?.value.flag ?? !particles.isGodot4
    }

    /// `orbit_velocity` (turns a second about the emitter; positive is counter-clockwise on a
    /// y-down screen, Godot's `mat2(vec2(cos, −sin), vec2(sin, cos))`): fx's orbit, a particle
    /// circling its birth origin while its radius grows linearly — the path of a particle
    /// moving straight out at its speed while the orbit turns it. Godot 3's CPUParticles2D
    /// ignores it (the code is `#if 0`).
    mutating func orbit(_ cell: inout [ImportedMember], velocity: (min: Double, max: Double, line: Int?), nodeScale: Double, hasForces: Bool) throws {
        let orbit = try particles.range("orbit_velocity", fallback: 0, spread: .towardZero)
        try curveDropped("orbit_velocity")
        guard orbit.min != 0 || orbit.max != 0 else { return }
        if particles.isCPU && !particles.isGodot4 {
            warn("orbit_velocity", line: orbit.line, "dropped: Godot 3's CPUParticles2D does not apply it (its orbit code is disabled)")
            return
        }
        let orbitCurve = try particles.curve("orbit_velocity_curve")
        if !particles.keepsToPlane() && orbitCurve == nil {
            warn("orbit_velocity", line: orbit.line, "dropped: Godot applies orbit velocity only to a material with \(particles.isGodot4 ? "particle_flag_disable_z" : "flag_disable_z") (or an orbit curve)")
            return
        }
        let meanSpeed = (velocity.min + velocity.max) / 2 * nodeScale
        var members: [ImportedMember] = [
            ImportedMember(OrbitKeys.startRadius, .number(0)),
            ImportedMember(OrbitKeys.endRadius, .number(meanSpeed * longestLife)),
        ]
        if velocity.max > velocity.min { members.append(ImportedMember(OrbitKeys.endRadiusRange, .number((velocity.max - velocity.min) * nodeScale * longestLife))) }
        members.append(ImportedMember(OrbitKeys.rotationSpeed, .string(Self.degrees(-360 * (orbit.min + orbit.max) / 2))))
        if orbit.max > orbit.min { members.append(ImportedMember(OrbitKeys.rotationSpeedRange, .string(Self.degrees(360 * (orbit.max - orbit.min))))) }
        cell.append(ImportedMember(EmitterCellKeys.orbit, .object(members)))
        warn("orbit_velocity", line: orbit.line, "approximated: fx's orbit circles the emitter with the radius growing at the mean initial speed\(hasForces ? "; gravity and accelerations no longer move these particles" : ""), from the emitter's centre")
    }

    /// Warns a parameter's over-life curve (`name_curve`) fx has no place for.
    mutating func curveDropped(_ name: String) throws {
        if let curve = try particles.curve(name + "_curve"), !curve.curve.isConstant || curve.curve.points.first?.y != 1 {
            warn(name + "_curve", line: curve.line, "dropped: fx has no over-life curve for \(name); the value at birth holds")
        }
    }

    // MARK: Rotation and scale

    /// `angle` (degrees at birth) and `angular_velocity` (degrees a second). Godot draws a
    /// particle turned by its angle with x axis (cos, −sin) (`cpu_particles_2d.cpp`:
    /// `p.transform.elements[0]`; the material's `TRANSFORM[0] = vec4(cos, −sin, …)`):
    /// positive is counter-clockwise on a y-down screen, fx's is clockwise, so both change sign.
    mutating func rotation(_ cell: inout [ImportedMember]) throws {
        if let align = particles.parameter(particles.isGodot4 ? "particle_flag_align_y" : "flag_align_y"),
           align.value.flag == true {
            cell.append(ImportedMember(EmitterCellKeys.alignsToVelocity, .bool(true)))
            warn(align.key, line: align.line, "approximated: Godot points each particle's y axis along its velocity, fx its x axis: a texture drawn pointing down in Godot points along the motion turned a quarter turn")
        }
        let angle = try particles.range("angle", fallback: 0, spread: .towardZero)
        if angle.min != 0 || angle.max != 0 { cell.append(ImportedMember(EmitterCellKeys.rotation, .string(Self.degrees(-(angle.min + angle.max) / 2)))) }
        if angle.max > angle.min { cell.append(ImportedMember(EmitterCellKeys.rotationRange, .string(Self.degrees(angle.max - angle.min)))) }
        try curveDropped("angle")
        let spin = try particles.range("angular_velocity", fallback: 0, spread: .symmetric)
        var meanSpin = (spin.min + spin.max) / 2
        if let curve = try particles.curve("angular_velocity_curve") {
            // The curve multiplies the spin over life; fx spins at a constant rate: its mean.
            let keys = curve.curve.lifeKeys.values
            let mean = keys.reduce(0, +) / Double(keys.count)
            if !curve.curve.isConstant || abs(mean - 1) > 1e-9 {
                warn("angular_velocity_curve", line: curve.line, "approximated: fx spins at a constant rate; the curve's mean over life (×\(ImportedJSON.text(of: (mean * 1000).rounded() / 1000))) is used")
            }
            meanSpin *= mean
        }
        if meanSpin != 0 { cell.append(ImportedMember(EmitterCellKeys.spin, .string(Self.degrees(-meanSpin)))) }
        if spin.max > spin.min { cell.append(ImportedMember(EmitterCellKeys.spinRange, .string(Self.degrees(spin.max - spin.min)))) }
    }

    /// Scale: `scale_amount` (CPU) / `scale` (material) with its range, times the node's scale;
    /// the scale curve multiplies it over life (`tex_scale`), as fx's `scaleOverLife`.
    mutating func scale(_ cell: inout [ImportedMember], factor: Double) throws {
        let name = particles.isCPU ? "scale_amount" : "scale"
        let scale = try particles.range(name, godot3Name: name, fallback: 1, spread: .towardOne)
        let mean = (scale.min + scale.max) / 2 * factor
        if mean != 1 { cell.append(ImportedMember(EmitterCellKeys.scale, .number(mean))) }
        if scale.max > scale.min { cell.append(ImportedMember(EmitterCellKeys.scaleRange, .number((scale.max - scale.min) * factor))) }
        if let curve = try particles.curve(name + "_curve") ?? particles.curve("scale_curve") {
            let keys = curve.curve.lifeKeys
            cell.append(ImportedMember(EmitterCellKeys.scaleOverLife, .object([
                ImportedMember(LifeSequenceKeys.values, .array(keys.values.map { .number(max($0, 0)) })),
                ImportedMember(LifeSequenceKeys.times, .array(keys.times.map { .number($0) })),
            ])))
        }
    }
}
