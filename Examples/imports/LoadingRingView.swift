//  LoadingRingView.swift
//  A loading indicator made of layers, no emitter: a ring drawn by a CAShapeLayer that turns
//  with keyframes and grows its stroke, three dots copied by a CAReplicatorLayer that pulse one
//  after the other, a gradient backdrop and a caption. Written for fx's importer.

import UIKit

final class LoadingRingView: UIView {
    private let ring = CAShapeLayer()
    private let dots = CAReplicatorLayer()

    override func didMoveToWindow() {
        super.didMoveToWindow()
        setUp(in: CGRect(x: 0, y: 0, width: 300, height: 300))
    }

    private func setUp(in rect: CGRect) {
        let backdrop = CAGradientLayer()
        backdrop.frame = rect
        backdrop.colors = [UIColor(red: 0.1, green: 0.1, blue: 0.3, alpha: 1).cgColor, UIColor.black.cgColor]
        backdrop.locations = [0, 1]
        backdrop.startPoint = CGPoint(x: 0.5, y: 0)
        backdrop.endPoint = CGPoint(x: 0.5, y: 1)
        layer.addSublayer(backdrop)

        // The ring: a circle of radius 50 about the middle, from the top, clockwise.
        ring.frame = CGRect(x: rect.midX - 60, y: 60, width: 120, height: 120)
        ring.path = UIBezierPath(arcCenter: CGPoint(x: 60, y: 60), radius: 50,
                                 startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true).cgPath
        ring.strokeColor = UIColor.systemTeal.cgColor
        ring.fillColor = UIColor.clear.cgColor
        ring.lineWidth = 6
        ring.lineCap = .round
        ring.strokeEnd = 0.25
        layer.addSublayer(ring)

        let spin = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        spin.values = [0, CGFloat.pi / 2, CGFloat.pi, 2 * CGFloat.pi]
        spin.keyTimes = [0, 0.5, 0.75, 1]
        spin.duration = 2
        spin.repeatCount = .infinity
        ring.add(spin, forKey: "spin")

        let grow = CABasicAnimation(keyPath: "strokeEnd")
        grow.fromValue = 0.25
        grow.toValue = 0.9
        grow.duration = 1
        grow.autoreverses = true
        grow.repeatCount = .infinity
        grow.timingFunction = CAMediaTimingFunction(name: .linear)
        ring.add(grow, forKey: "grow")

        // Three dots under the ring, 30 points apart, each pulsing 0.2 s after the one before.
        dots.frame = CGRect(x: rect.midX - 45, y: 220, width: 90, height: 20)
        dots.instanceCount = 3
        dots.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
        dots.instanceDelay = 0.2
        let dot = CALayer()
        dot.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
        dot.cornerRadius = 5
        dot.backgroundColor = UIColor.white.cgColor
        dots.addSublayer(dot)
        layer.addSublayer(dots)

        let pulse = CABasicAnimation(keyPath: "opacity")
        pulse.fromValue = 1
        pulse.toValue = 0.2
        pulse.duration = 0.6
        pulse.autoreverses = true
        pulse.repeatCount = .infinity
        dot.add(pulse, forKey: "pulse")

        let caption = CATextLayer()
        caption.frame = CGRect(x: 0, y: 250, width: rect.width, height: 30)
        caption.string = "Loading"
        caption.fontSize = 18
        caption.foregroundColor = UIColor.white.cgColor
        caption.alignmentMode = .center
        caption.contentsScale = UIScreen.main.scale
        layer.addSublayer(caption)
    }
}
