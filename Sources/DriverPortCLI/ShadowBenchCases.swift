import DriverPortBench
import Foundation
import MMEXDifferential
import MMEXModel
import MMEXSession
import MMEXShadow
import PersistenceSession
import ShadowSessions

/// The `shadow` bench family: what shadow mode costs the app. The same MMEX read units and write units run through
/// the control session alone (legacy, the baseline) and through a shadow session (candidate: queue) comparing 0%,
/// 1% and 100% of them (the copy in the default place, ``ShadowFolder/scratch(label:)``; 1% also with the copy on
/// the disk beside the real file); each implementation has its own copy of the fixture. A compared write re-makes
/// the shadow copy when sampled-out writes moved the real file on, then compares the state of both files: that is
/// the cost 1% sampling spreads over a hundred units.
enum ShadowBenchCases {
    static let family = BenchFamily.shadow.rawValue
    /// Units per timed run.
    static let readUnits = 2000
    static let writeUnits = 200
    /// The 1% case with the shadow copy on the disk beside the real file instead of the default place.
    static let onDiskOnePercentName = "shadow 1%, copy on disk"

    static func run(_ context: BenchContext) throws -> [BenchResult] {
        let transactions = context.configuration.mmexTransactions
        let label = sizeText(transactions)
        var sessions: [(name: String, session: any MMEXSession)] = []
        defer { for entry in sessions { try? entry.session.close() } }
        let control = try context.fixtureCopy(transactions: transactions, name: "shadow-control-\(label).mmb")
        sessions.append(("control alone", try DriverKind.legacy.sessionType.open(at: control, key: nil)))
        let variants: [(name: String, rate: Double, onDisk: Bool)] = [
            ("shadow 0%", 0, false), (BenchGoals.shadowOnePercentName, 0.01, false),
            (onDiskOnePercentName, 0.01, true), ("shadow 100%", 1, false),
        ]
        for (name, rate, onDisk) in variants {
            let tag = "\(Int(rate * 100))\(onDisk ? "-disk" : "")"
            let path = try context.fixtureCopy(transactions: transactions, name: "shadow-\(tag)-\(label).mmb")
            var options = ShadowOptions()
            options.sampleRate = rate
            options.samplingSeed = 11
            // The default place (memory-backed when there is one), or beside the real file as an app that keeps the
            // copy in its own container would.
            let folder = onDisk
                ? URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("shadow-copy-\(tag)")
                : ShadowFolder.scratch(label: "driverport-bench-shadow-\(tag)")
            let session = try MMEXShadow.open(
                at: path, key: nil, control: DriverKind.legacy.sessionType, candidate: DriverKind.queue.sessionType,
                shadowFolder: folder, options: options
            )
            sessions.append((name, session))
        }
        var results: [BenchResult] = []
        results += try context.measure(reads(sessions, name: "shadow-read-units-\(readUnits)-of-\(label)"))
        results += try context.measure(writes(sessions, name: "shadow-write-units-\(writeUnits)-of-\(label)"))
        for (name, session) in sessions {
            if let statistics = (session as? any ShadowStatusReporting)?.statistics {
                context.note(
                    "shadow (\(name)): \(statistics.units) units, \(statistics.compared) compared, "
                        + "\(statistics.mismatches) mismatches, \(statistics.remakes) shadow copies made "
                        + "(\(statistics.trackedRemakes) from the written units)"
                )
            }
        }
        return results
    }

    /// Read units as an app's screens make them: the account list, one account's balance, the payees, a tag lookup.
    static func reads(_ sessions: [(name: String, session: any MMEXSession)], name: String) -> BenchCase {
        BenchCase(name: name, family: family, baseline: "control alone", baselineIsRawC: false, implementations: sessions.map { entry in
            BenchCase.Implementation(entry.name) {
                var total: Int64 = 0
                for index in 0..<readUnits {
                    switch index % 4 {
                    case 0: total &+= Int64(try entry.session.read { try $0.accounts.accounts().count })
                    case 1: total &+= try entry.session.read { try $0.accounts.account(id: 1)?.id ?? 0 }
                    case 2: total &+= Int64(try entry.session.read { try $0.payees.payees().count })
                    default: total &+= try entry.session.read { try $0.infoTable.integer(for: InfoKey.dataVersion) ?? 0 }
                    }
                }
                return BenchOutcome(rows: readUnits, checksum: { total }, figures: [:])
            }
        })
    }

    /// Small write units, each its own transaction: a setting written, as an app saves a preference or a counter.
    static func writes(_ sessions: [(name: String, session: any MMEXSession)], name: String) -> BenchCase {
        BenchCase(name: name, family: family, baseline: "control alone", baselineIsRawC: false, implementations: sessions.map { entry in
            BenchCase.Implementation(entry.name) {
                for index in 0..<writeUnits {
                    _ = try entry.session.write { try $0.infoTable.setValue("\(index)", for: InfoKey("DP_SHADOW_BENCH_\(index % 8)")) }
                }
                return writeUnits
            }
        })
    }

    private static func sizeText(_ count: Int) -> String {
        count % 1000 == 0 ? "\(count / 1000)k" : "\(count)"
    }
}
