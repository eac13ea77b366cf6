import Differential
@testable import MMEXDifferential
import MMEXModel
import MMEXSessionSupport
import Testing

/// The generators reach the corners a port gets wrong (issue 18): bounds hit exactly, names whose order depends on
/// NOCASE, the case of name arguments varied.
@Suite("The slices' generators reach the corners")
struct CornerGeneratorTests {
    /// SQLite's NOCASE: ASCII letters folded to lower case, every other byte compared as is.
    private func nocase(_ text: String) -> [UInt8] {
        text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    }

    @Test("the corner names sort one way with COLLATE NOCASE and another without")
    func namesOrderDependsOnNocase() {
        let binary = CornerValues.names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let folded = CornerValues.names.sorted { nocase($0).lexicographicallyPrecedes(nocase($1)) }
        #expect(binary != folded)
        #expect(CornerValues.names.contains("Cafe\u{301}") && CornerValues.names.contains("Café"), "combining mark and precomposed")
        #expect(CornerValues.names.contains { $0.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) } }, "Cyrillic")
    }

    @Test("name arguments come in upper, lower, flipped and stored case")
    func caseOfNamesIsVaried() {
        var random = SplitMix64(seed: 7)
        let variants = Set((0..<64).map { _ in CornerValues.caseVariant(of: "Banana", &random) })
        #expect(variants == ["Banana", "BANANA", "banana"])
    }

    @Test("every ported slice that looks names up draws the corner names")
    func slicesDrawCornerNames() {
        for names in [
            PayeeScenarios.names, TagScenarios.names, CategoryScenarios.names, AccountScenarios.names,
            CurrencyScenarios.names, AssetScenarios.names, StockScenarios.names, ReportScenarios.names,
        ] {
            #expect(CornerValues.names.allSatisfy(names.contains))
        }
    }

    @Test("the scheduled slice's next-occurrence dates fall exactly on due(onOrBefore:)'s bound and on the day itself")
    func scheduledDatesOnTheBound() throws {
        let dates = Set(ScheduledScenarios.dates.compactMap { $0?.rawValue })
        for day in ScheduledScenarios.days.prefix(2) {
            #expect(dates.contains(DayBounds.after(day)), "the bound of due(onOrBefore: \(day))")
            #expect(dates.contains(day.iso), "\(day) itself")
        }
        let slice = try #require(SliceRegistry.ported.first { $0.slice == .scheduled })
        let bound = try #require(slice.handWritten.first { $0.scenario.name.hasPrefix("due dates exactly on the bound") })
        #expect(bound.scenario.operations.map(\.name).contains("scheduled.due(onOrBefore: 2024-01-01)"))
    }
}
