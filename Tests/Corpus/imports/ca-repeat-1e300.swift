import UIKit

class Sparkles: UIView {
    func setup() {
        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: 100, y: 100)
        let cell = CAEmitterCell()
        cell.birthRate = 10
        cell.lifetime = 2
        cell.velocity = 50
        emitter.emitterCells = [cell]
        layer.addSublayer(emitter)
        let pulse = CABasicAnimation(keyPath: "birthRate")
        pulse.fromValue = 10
        pulse.toValue = 20
        pulse.duration = 1
        pulse.repeatCount = 1e300
        emitter.add(pulse, forKey: nil)
        let values = [1.0, 2.0, 3.0]
        cell.scale = values[0]
        let many = Array(repeating: 0.5, count: 3)
        cell.alphaRange = many[0]
    }
}
