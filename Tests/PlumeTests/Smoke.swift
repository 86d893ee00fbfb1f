import Testing
@testable import Plume
@Test func builds() { #expect(Preset.allCases.count == 6) }
