#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Animation.Spring {
    /// ζ = damping / (2·√(stiffness·mass)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    /// ω₀ = √(stiffness / mass).
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// The remaining displacement, as a fraction of the whole change, at time t: 1 at t = 0,
    /// 0 at rest on the target. The closed-form solution of m·x'' + c·x' + k·x = 0 with x(0) = 1
    /// and x'(0) = −initialVelocity, for each damping regime.
    public func displacement(at t: Double) -> Double {
        let zeta = dampingRatio, omega = naturalFrequency, v0 = -initialVelocity
        if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let b = (zeta * omega + v0) / omegaD
            return exp(-zeta * omega * t) * (cos(omegaD * t) + b * sin(omegaD * t))
        }
        if zeta == 1 {
            return (1 + (v0 + omega) * t) * exp(-omega * t)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
        let c2 = (v0 - r1) / (r2 - r1), c1 = 1 - c2
        return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    /// How long the spring takes to come to rest: ln(1 / (ε·√(1 − ζ²))) / (ζ·ω₀) with
    /// ε = 8.3·10⁻⁴ for an underdamped spring, which reproduces Apple's documented examples
    /// (damping 5 settles in about 2.85 s, damping 15 in just over 1 s, with mass 1 and
    /// stiffness 100). At or above critical damping, the first time the displacement stays
    /// below ε.
    public var settlingDuration: Double {
        let epsilon = 8.3e-4
        let zeta = dampingRatio, omega = naturalFrequency
        guard zeta > 0, omega > 0, zeta.isFinite, omega.isFinite else { return Animation.defaultDuration }
        if zeta < 1 {
            return log(1 / (epsilon * (1 - zeta * zeta).squareRoot())) / (zeta * omega)
        }
        // At or above critical damping the motion is a sum of decaying exponentials; the
        // slowest one decides: t ≈ ln(|c|/ε) / |r|. One Newton-free refinement pass on the
        // exact displacement keeps it honest near the critical case.
        let root = zeta > 1 ? (zeta * zeta - 1).squareRoot() : 0
        let slow = omega * (zeta - root)
        guard slow > 0, slow.isFinite else { return Animation.defaultDuration }
        var t = max(log(max(1, abs(1 + initialVelocity / max(slow, 1e-300))) / epsilon) / slow, 0)
        // Walk forward in at most 64 steps until the displacement is below ε.
        let step = max(t / 16, 1e-6)
        var steps = 0
        while abs(displacement(at: t)) > epsilon && steps < 64 {
            t += step
            steps += 1
        }
        return t.isFinite ? t : Animation.defaultDuration
    }
}
