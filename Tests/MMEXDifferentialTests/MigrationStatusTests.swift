import Foundation
import MMEXDifferential
import MMEXModel
import TestSupport
import Testing

/// MIGRATION.md's status table says what the code does: every fact in it is derived from the sessions and the slice
/// registry, and the file must hold exactly that table.
@Suite("MIGRATION.md stays true")
struct MigrationStatusTests {
    private static let document = SharedData.repositoryRoot.appendingPathComponent("MIGRATION.md")

    /// The lines of the table under `## Status`.
    private func documentedTable() throws -> String {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "## Status"), "MIGRATION.md has a '## Status' section")
        let table = lines[start...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        return table.joined(separator: "\n")
    }

    @Test("the status table is the one the sessions and the slice registry derive")
    func tableMatchesTheCode() throws {
        let expected = MigrationStatus.markdown(try MigrationStatus.rows())
        let documented = try documentedTable()
        #expect(documented == expected, "replace the table under '## Status' in MIGRATION.md with:\n\(expected)")
    }

    @Test("a repository is listed as ported only with both implementations and scenarios")
    func portedMeansBothDriversAndScenarios() throws {
        let rows = try MigrationStatus.rows()
        #expect(rows.count == MMEXRepository.allCases.count, "one row per repository")
        for row in rows where row.isPorted {
            #expect(row.legacy && row.readerWriter && row.scenarios > 0, "\(row.repository)")
        }
        for slice in SliceRegistry.ported {
            for repository in slice.repositories {
                let row = try #require(rows.first { $0.repository == repository })
                #expect(row.legacy, "\(repository) is registered but the legacy session does not vend it")
                #expect(row.readerWriter, "\(repository) is registered but a reader/writer session does not vend it")
                #expect(row.scenarios > 0, "\(repository) is registered without scenarios")
            }
            #expect(slice.handWritten.count > 0, "\(slice.name) has hand-written scenarios")
        }
        for row in rows where (row.legacy || row.readerWriter) && !row.registered {
            Issue.record("\(row.repository) is implemented but its slice has no scenarios in SliceRegistry")
        }
        // Every repository of a registered slice is implemented on both drivers (the reverse is checked above).
        let registered = Set(SliceRegistry.ported.flatMap(\.repositories))
        #expect(Set(rows.filter(\.isPorted).map(\.repository)) == registered, "registered slices are ported on both drivers")
    }

    @Test("slices are numbered in the port's order")
    func sliceStages() {
        #expect(RepositorySlice.infoTable.stage == 0)
        #expect(RepositorySlice.allCases.map(\.stage) == RepositorySlice.allCases.map(\.stage).sorted())
        #expect(RepositorySlice(rawValue: "import") == .importing)
    }

    @Test("every recorded difference is explained in MIGRATION.md")
    func recordedDifferencesAreDocumented() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        for difference in RecordedDifference.all {
            #expect(text.contains("`\(difference.id)`"), "MIGRATION.md explains \(difference.id)")
        }
    }
}
