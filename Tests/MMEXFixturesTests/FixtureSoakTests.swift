import Foundation
import TestSupport
import Testing

/// The million-transaction run, behind `DRIVERPORT_SOAK=1` (minutes, not seconds):
///
///     DRIVERPORT_SOAK=1 swift test --filter FixtureSoakTests
@Suite("a million transactions", .enabled(if: ProcessInfo.processInfo.environment["DRIVERPORT_SOAK"] == "1"))
struct FixtureSoakTests {
    /// What `driverport fixture --stats --json` reports.
    struct Run {
        let transactionRows: Int
        let peakResidentBytes: Int
    }

    func generate(_ transactions: Int, in folder: TemporaryDirectory) throws -> Run {
        let path = folder.path("soak-\(transactions).mmb")
        let result = try DriverPortBinary.run(
            ["fixture", path, "--transactions", String(transactions), "--stats", "--json"], timeout: 3600
        )
        #expect(result.exitCode == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let tables = try #require(json["tables"] as? [String: Int])
        return Run(
            transactionRows: tables["CHECKINGACCOUNT_V1"] ?? -1,
            peakResidentBytes: try #require(json["peakResidentBytes"] as? Int)
        )
    }

    @Test("a million transactions generate with peak memory within 64 MiB of a 10,000-transaction run")
    func millionInBoundedMemory() throws {
        let folder = TemporaryDirectory("fixture-soak")
        let small = try generate(10_000, in: folder)
        let large = try generate(1_000_000, in: folder)
        #expect(large.transactionRows == 1_000_000)
        #expect(large.peakResidentBytes - small.peakResidentBytes < 64 << 20,
                "peak \(large.peakResidentBytes >> 20) MiB vs \(small.peakResidentBytes >> 20) MiB")
    }
}
