extension EmitterCell {
    /// The numeric cell property named `key`.
    func number(forKey key: String) -> Double? {
        switch key {
        case "birthRate": return birthRate
        case "lifetime": return lifetime
        case "lifetimeRange": return lifetimeRange
        case "emissionLatitude": return emissionLatitude
        case "emissionLongitude": return emissionLongitude
        case "emissionRange": return emissionRange
        case "velocity": return velocity
        case "velocityRange": return velocityRange
        case "xAcceleration": return xAcceleration
        case "yAcceleration": return yAcceleration
        case "zAcceleration": return zAcceleration
        case "scale": return scale
        case "scaleRange": return scaleRange
        case "scaleSpeed": return scaleSpeed
        case "spin": return spin
        case "spinRange": return spinRange
        case "redRange": return redRange
        case "greenRange": return greenRange
        case "blueRange": return blueRange
        case "alphaRange": return alphaRange
        case "redSpeed": return redSpeed
        case "greenSpeed": return greenSpeed
        case "blueSpeed": return blueSpeed
        case "alphaSpeed": return alphaSpeed
        case "contentsScale": return contentsScale
        default: return nil
        }
    }
}
