//  SnowfallView.swift
//  Snow falling across the whole view: the view's initialiser hands its frame to a set-up
//  method that takes the rectangle as a parameter, and places the emitter line along the
//  rectangle's top edge, as wide as the rectangle.

import UIKit

final class SnowfallView: UIView {
    private let snowLayer = CAEmitterLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor(red: 0.05, green: 0.08, blue: 0.18, alpha: 1)
        setup(rect: frame)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    private func setup(rect: CGRect) {
        snowLayer.frame = rect
        snowLayer.emitterPosition = CGPoint(x: rect.midX, y: rect.minY)
        snowLayer.emitterSize = CGSize(width: max(rect.width, 1), height: 1)
        snowLayer.emitterShape = .line
        snowLayer.emitterMode = .outline
        snowLayer.birthRate = 1

        let flake = CAEmitterCell()
        flake.name = "flake"
        flake.birthRate = 60
        flake.lifetime = 12
        flake.velocity = 50
        flake.velocityRange = 15
        flake.yAcceleration = 10
        flake.emissionLongitude = .pi / 2
        flake.emissionRange = .pi / 16
        flake.scale = 0.08
        flake.scaleRange = 0.03
        flake.spinRange = 1
        flake.color = UIColor(white: 1, alpha: 0.9).cgColor
        flake.contents = UIImage(named: "snowflake")?.cgImage

        snowLayer.emitterCells = [flake]
        layer.addSublayer(snowLayer)
    }
}
