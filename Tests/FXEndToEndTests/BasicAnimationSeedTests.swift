import FXCore
import FXEffects
import FXSDL
import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `basic-animation`, the CABasicAnimation demo of seed 004 (004_b7b8b4341c73f734.txt,
/// testForCABasicAnimation and callBasicAnimation): the values at the seed's key moments, computed
/// here from the seed's own numbers.
final class BasicAnimationSeedTests: XCTestCase {
    private func darkness(_ image: RGBAImage, _ x: Int, _ y: Int) -> Double {
        1 - Double(image.pixels[(y * image.width + x) * 4]) / 255
    }

    private func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.squareRoot()) }

    /// The CASpringAnimation of the seed: cornerRadius from the model's 0 to 15, mass 0.5,
    /// stiffness 100 (the default), damping 6, initialVelocity 5 (in units of the whole change a
    /// second), started by the touch at 0.5 s, held after its 2 s.
    func testTheCornerRadiusFollowsTheSeedsSpring() throws {
        let player = try EffectPlayer(named: "basic-animation")
        let mass = 0.5, stiffness = 100.0, damping = 6.0, initialVelocity = 5.0, to = 15.0, touch = 0.5
        let omega = (stiffness / mass).squareRoot(), zeta = damping / (2 * (stiffness * mass).squareRoot())
        let decay = zeta * omega, omegaD = omega * (1 - zeta * zeta).squareRoot()
        func seed(_ t: Double) -> Double {
            // The fraction of the change still to go: 1 at the start, moving at −initialVelocity.
            let remaining = exp(-decay * t) * (cos(omegaD * t) + (decay - initialVelocity) / omegaD * sin(omegaD * t))
            return to * (1 - remaining)
        }
        for time in [0.0, 0.5, 0.55, 0.6, 0.7, 0.8, 1.0, 1.5, 2.4, 2.9] {
            player.seek(to: time)
            guard case .number(let radius) = try player.presentationValue(forKeyPath: "button.cornerRadius") else { return XCTFail() }
            let expected = time < touch ? 0 : time >= touch + 2 ? seed(2) : seed(time - touch)
            XCTAssertEqual(radius, expected, accuracy: 1e-6, "t = \(time)")
        }
    }

    /// The seed's button (004, testForCABasicAnimation): its shadow is Core Animation's default,
    /// 3 points up with a blur of 3, at half opacity, and follows the springing corners.
    func testTheSeedsButtonCastsCoreAnimationsDefaultShadow() throws {
        let player = try EffectPlayer(named: "basic-animation")
        XCTAssertEqual(try player.value(forKeyPath: "button.shadowOpacity"), .number(0.5))
        XCTAssertEqual(try player.value(forKeyPath: "button.shadowRadius"), .number(3))
        XCTAssertEqual(try player.value(forKeyPath: "button.shadowOffset"), .size(Size(width: 0, height: -3)))
        XCTAssertEqual(try player.value(forKeyPath: "button.shadowColor"), .color(.black))
        let effect = player.effect
        let image = try EffectRenderer().render(effect, time: 2.5).image
        // The button spans 143.5…231.5 across and 318.5…348.5 down; its shadow 3 points higher.
        let aboveMiddle = darkness(image, 187, 316)      // 2 points above the top edge, 1 inside the shadow's
        let belowMiddle = darkness(image, 187, 350)      // 1.5 points below the bottom edge
        XCTAssertGreaterThan(aboveMiddle, 0.3, "the shadow shows above the button")
        XCTAssertLessThan(belowMiddle, aboveMiddle / 2, "and less below it")
        // The expected darkness there: half opacity × the Gaussian's, σ = 3, the edge at 315.5.
        XCTAssertEqual(aboveMiddle, 0.5 * (1 - phi((315.5 - 316.5) / 3)), accuracy: 0.03)
    }

    func testFxListDescribesItWithItsSeed() throws {
        let result = try FXProcess.run(["list"], in: URL(fileURLWithPath: "/"))
        XCTAssertEqual(result.status, 0, result.stderr)
        let line = try XCTUnwrap(result.stdout.split(separator: "\n").first { $0.hasPrefix("basic-animation ") }, result.stdout)
        XCTAssertTrue(line.contains("seed 4, the catalogue of iOS animations"), String(line))
    }
}
