import UIKit

private let burstHeight: CGFloat = 380
private let rocketLife: Float = 1.6

/// The rocket: invisible, it rises and carries its trail and its burst.
final class RocketCell: CAEmitterCell {
    init(trail: UIColor) {
        super.init()
        name = "rocket"
        birthRate = 1.5
        lifetime = rocketLife
        velocity = burstHeight / CGFloat(rocketLife) + 0.5 * 120 * CGFloat(rocketLife)
        velocityRange = 40
        yAcceleration = 120
        emissionLongitude = -CGFloat.pi / 2
        emissionRange = .pi / 10
        emitterCells = [TrailCell(color: trail), BurstCell()]
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A short streak of embers behind the rocket.
final class TrailCell: CAEmitterCell {
    init(color: UIColor) {
        super.init()
        name = "trail"
        birthRate = 45
        lifetime = 0.5
        velocity = 20
        emissionRange = 2 * .pi
        scale = 0.15
        scaleSpeed = -0.4
        alphaSpeed = -2
        self.color = color.withAlphaComponent(0.8).cgColor
        contents = UIImage(named: "spark")?.cgImage
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// The burst: a ring of sparks made once, as the rocket dies.
final class BurstCell: CAEmitterCell {
    override init() {
        super.init()
        name = "burst"
        beginTime = CFTimeInterval(rocketLife) - 0.05
        duration = 0.05
        birthRate = 4000
        lifetime = 1.8
        lifetimeRange = 0.4
        velocity = 150
        velocityRange = 30
        emissionRange = 2 * .pi
        yAcceleration = 60
        scale = 0.1
        alphaSpeed = -0.5
        color = UIColor(hue: 0.12, saturation: 0.6, brightness: 1, alpha: 1).cgColor
        greenRange = 0.4
        blueRange = 0.6
        contents = UIImage(named: "dot")?.cgImage
        style = ["gold": UIColor(named: "Gold")!]
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}
