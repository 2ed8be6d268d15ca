import UIKit
let emitter = CAEmitterLayer()
let cell = CAEmitterCell()
cell.name = "spark"
cell.birthRate = 10
cell.lifetime = 2
cell.emitterCells = [cell]
emitter.emitterCells = [cell]
