import Plume
import Testing

// This file imports Plume and nothing else, as a ported file that said `import UIKit` or
// `import QuartzCore` does after the rename (issue 27 item 4): Foundation's types come with Plume.

struct ImportPlumeOnlyTests {
    @Test func foundationComesWithPlume() {
        let point: CGPoint = CGPoint(x: 1, y: 2)
        let width: CGFloat = 3
        let rate = NSNumber(value: 4.5)
        let layer = EmitterLayer()
        layer.emitterPosition = point
        layer.emitterSize = CGSize(width: width, height: 1)
        layer.setValue(rate, forKeyPath: "birthRate")
        let interval: TimeInterval = Date().timeIntervalSince1970
        #expect(layer.birthRate == 4.5 && layer.emitterPosition == point && interval > 0)
    }
}
