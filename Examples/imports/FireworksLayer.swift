import UIKit

/// Fireworks as a CAEmitterLayer subclass: rockets rise from the bottom edge and burst into
/// sparks. The cells are subclasses too, in FireworksCells.swift; import both together:
///
///     fx import FireworksLayer.swift FireworksCells.swift
final class FireworksLayer: CAEmitterLayer {
    override init() {
        super.init()
        frame = CGRect(x: 0, y: 0, width: 400, height: 600)
        emitterPosition = CGPoint(x: 200, y: 600)
        emitterSize = CGSize(width: 240, height: 1)
        emitterShape = .line
        renderMode = .additive
        self.seed = 7
        emitterCells = [RocketCell(trail: .systemOrange)]

        // The show starts strong and settles to a steady rhythm.
        let settle = CABasicAnimation(keyPath: "emitterCells.rocket.birthRate")
        settle.fromValue = 3.0
        settle.toValue = 1.5
        settle.duration = 4
        settle.timingFunction = CAMediaTimingFunction(name: .easeOut)
        settle.fillMode = .both
        settle.isRemovedOnCompletion = false
        add(settle, forKey: "settle")

        let wobble = CAKeyframeAnimation(keyPath: "emitterPosition")
        wobble.values = [CGPoint(x: 180, y: 600), CGPoint(x: 220, y: 600)]
        add(wobble, forKey: "wobble")
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}
