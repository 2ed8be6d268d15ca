import UIKit

/// A confetti cannon across the top of the screen: five colors of paper falling and
/// tumbling, a burst that tapers off over two seconds.
final class ConfettiView: UIView {
    private let confettiColors: [UIColor] = [
        UIColor(red: 0.95, green: 0.26, blue: 0.21, alpha: 1),
        UIColor(red: 1.0, green: 0.76, blue: 0.03, alpha: 1),
        .systemGreen,
        UIColor(red: 0.13, green: 0.59, blue: 0.95, alpha: 1),
        .systemPink,
    ]
    private let emitter = CAEmitterLayer()
    private let fallSpeed: CGFloat = 180
    static let pieceScale: Float = 0.12

    override init(frame: CGRect) {
        super.init(frame: frame)
        setUpEmitter()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpEmitter()
    }

    private func setUpEmitter() {
        emitter.frame = bounds
        emitter.emitterPosition = CGPoint(x: bounds.midX, y: -10)
        emitter.emitterShape = .line
        emitter.emitterSize = CGSize(width: bounds.width, height: 1)
        emitter.beginTime = CACurrentMediaTime()
        emitter.emitterCells = confettiColors.map { makePiece(color: $0) }
        layer.addSublayer(emitter)

        // Taper the cannon off: birthRate from 1 to 0 over two seconds.
        let taper = CABasicAnimation(keyPath: "birthRate")
        taper.fromValue = 1
        taper.toValue = 0
        taper.duration = 2
        taper.fillMode = .forwards
        taper.isRemovedOnCompletion = false
        emitter.add(taper, forKey: "taper")
    }

    private func makePiece(color: UIColor) -> CAEmitterCell {
        let cell = CAEmitterCell()
        cell.name = "confetti"
        cell.birthRate = 12
        cell.lifetime = 6.0
        cell.lifetimeRange = 1
        cell.velocity = fallSpeed
        cell.velocityRange = fallSpeed / 3
        cell.emissionLongitude = .pi / 2          // straight down
        cell.emissionRange = CGFloat.pi / 4
        cell.yAcceleration = 40
        cell.spin = 3.5
        cell.spinRange = 4
        cell.scale = ConfettiView.pieceScale
        cell.scaleRange = 0.04
        cell.color = color.cgColor
        cell.contents = UIImage(named: "confetti")?.cgImage
        cell.setValue("plane", forKey: "particleType") // a private key: not read
        return cell
    }

    func stopConfetti() {
        emitter.birthRate = 0
    }
}
