import Foundation
import Testing
@testable import Plume

/// Sprite sheets on the CPU (Semantics §10 "Sprite sheets"): the frame formula, the frame
/// rectangles, validation, key paths and effect files.
struct SpriteSheetTests {
    static let key = ParticleKey.child(of: .root, cellIndex: 0, serial: 7)

    @Test func framesSpanTheLifetimeOrFollowTheRate() {
        let life = SpriteSheet(columns: 4, rows: 2, frames: 8, rate: 0, loops: true, randomStart: false, seed: 1)
        for (age, frame) in [(0.0, 0), (0.49, 0), (0.5, 1), (2.0, 4), (3.99, 7), (4.0, 7), (9.0, 7)] {
            #expect(life.frame(age: age, lifetime: 4, key: Self.key) == frame, "over the lifetime 4 s, age \(age)")
        }
        var rate = life
        rate.rate = 3
        for (age, frame) in [(0.0, 0), (0.34, 1), (2.67, 0), (3.0, 1)] {
            #expect(rate.frame(age: age, lifetime: 4, key: Self.key) == frame, "looping at 3/s, age \(age)")
        }
        rate.loops = false
        #expect(rate.frame(age: 2.67, lifetime: 4, key: Self.key) == 7 && rate.frame(age: 1e9, lifetime: 4, key: Self.key) == 7)
        #expect(SpriteSheet.single().frame(age: 3, lifetime: 4, key: Self.key) == 0)
    }

    /// The random start is ⌊U × frames⌋ of the particle's own draw, uniform over the frames.
    @Test func randomStartsAreDrawnFromTheKey() {
        let sheet = SpriteSheet(columns: 3, rows: 2, frames: 6, rate: 0, loops: true, randomStart: true, seed: 99)
        var counts = [Int](repeating: 0, count: 6)
        for serial in 1...6000 {
            let key = ParticleKey.child(of: .root, cellIndex: 0, serial: UInt32(serial))
            let start = Int(ParticleHash.uniform(seed: 99, key: key, draw: .spriteFrame) * 6)
            let f = sheet.frame(age: 0, lifetime: 1, key: key)
            #expect(f == start, "serial \(serial) seed 99: frame \(f), start \(start)")
            #expect(sheet.frame(age: 0.5, lifetime: 1, key: key) == (start + 3) % 6, "serial \(serial) seed 99")
            counts[f] += 1
        }
        #expect(counts.allSatisfy { abs($0 - 1000) < 150 }, "start frames \(counts)")
    }

    @Test func frameRectanglesSubdivideTheContentsRect() {
        let sheet = SpriteSheet(columns: 2, rows: 2, frames: 4, rate: 0, loops: true, randomStart: false, seed: 0)
        #expect(sheet.frameRect(0, in: SIMD4(0, 0, 1, 1)) == SIMD4(0, 0, 0.5, 0.5))
        #expect(sheet.frameRect(3, in: SIMD4(0, 0, 1, 1)) == SIMD4(0.5, 0.5, 0.5, 0.5))
        #expect(sheet.frameRect(1, in: SIMD4(0.5, 0, 0.5, 1)) == SIMD4(0.75, 0, 0.25, 0.5))
        // A flipped contentsRect flips each frame in place: frame 1 still shows the right column.
        #expect(sheet.frameRect(1, in: SIMD4(1, 0, -1, 1)) == SIMD4(1, 0, -0.5, 0.5))
        #expect(sheet.frameRect(2, in: SIMD4(0, 1, 1, -1)) == SIMD4(0, 1, 0.5, -0.5))
    }

    @Test func badValuesAreReportedAndReplaced() {
        let layer = EmitterLayer()
        let cell = EmitterCell(name: "c")
        layer.emitterCells = [cell]
        cell.spriteColumns = 1e6
        cell.spriteRows = 2.7
        cell.spriteFrameCount = 1e7
        cell.spriteFrameRate = -1
        let resolved = ResolvedLayer(layer)
        let sheet = resolved.cells[0].spriteSheet
        #expect(sheet.columns == SpriteSheet.maxSide && sheet.rows == 2 && sheet.frames == 2 * SpriteSheet.maxSide && sheet.rate == 0)
        let keys = Set(resolved.diagnostics.map(\.keyPath))
        for key in ["spriteColumns", "spriteFrameCount", "spriteFrameRate"] {
            #expect(keys.contains("emitterCells.c." + key), "\(key) not reported: \(keys)")
        }
        #expect(!keys.contains("emitterCells.c.spriteRows"), "2.7 rows is valid (read as 2)")
    }

    @Test func keyPathsAndEffectFilesCarryTheSheet() throws {
        let layer = EmitterLayer()
        let cell = EmitterCell(name: "boom")
        layer.emitterCells = [cell]
        try layer.validateAndSetValue(4, forKeyPath: "emitterCells.boom.spriteColumns")
        try layer.validateAndSetValue(2, forKeyPath: "emitterCells.boom.spriteRows")
        try layer.validateAndSetValue(6, forKeyPath: "emitterCells.boom.spriteFrameCount")
        try layer.validateAndSetValue(12.5, forKeyPath: "emitterCells.boom.spriteFrameRate")
        try layer.validateAndSetValue(false, forKeyPath: "emitterCells.boom.spriteLoops")
        try layer.validateAndSetValue(true, forKeyPath: "emitterCells.boom.spriteRandomStart")
        #expect(cell.spriteColumns == 4 && cell.spriteRows == 2 && cell.spriteFrameCount == 6 && cell.spriteFrameRate == 12.5
                && !cell.spriteLoops && cell.spriteRandomStart)
        let back = try EffectFile.decode(try EffectFile.encode(layer)).layer.emitterCells![0]
        #expect(back.spriteColumns == 4 && back.spriteRows == 2 && back.spriteFrameCount == 6 && back.spriteFrameRate == 12.5
                && !back.spriteLoops && back.spriteRandomStart)
    }
}
