import Foundation
import MMEXModel
import PersistenceSession
import TestSupport
import Testing

/// The measurement behind the session policy (queue for shared/cloud files, pool for app-owned ones), run on demand:
///
///     DRIVERPORT_SESSION_TIMING=1 swift test --filter PolicyTimingTests
///
/// It prints times and asserts only what must hold whatever the machine's load: every read returns the committed
/// data. Speed is never asserted (the benchmark command owns speed goals).
@Suite("Session policy timing", .serialized, .enabled(if: ProcessInfo.processInfo.environment["DRIVERPORT_SESSION_TIMING"] == "1"))
struct PolicyTimingTests {
    private static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    @Test("a read while a long write unit is open: the pool answers at once, the queue and legacy wait", arguments: Driver.allCases)
    func readDuringWrite(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let session = try driver.open(try Files.plainCopy(in: folder))
        defer { try? session.close() }
        let writing = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = try? session.write { context -> Bool in
                _ = try context.infoTable.setValue("pending", for: "DP_LONG_WRITE")
                writing.signal()
                Thread.sleep(forTimeInterval: 0.3)  // an import or a duplicate merge holding its unit of work
                return true
            }
            done.signal()
        }
        writing.wait()
        var seen: String?
        let latency = try Self.seconds { seen = try session.read { try $0.infoTable.value(for: "DP_LONG_WRITE") ?? $0.infoTable.value(for: "DATAVERSION") } }
        done.wait()
        // The pool's read ran beside the write and saw the state before it; the others waited for its commit.
        #expect(seen == (driver == .pool ? "3" : "pending"), "a read sees committed data only")
        print("timing: \(driver): read latency while a 300 ms write unit is open: \(String(format: "%.1f", latency * 1000)) ms")
    }

    @Test("read throughput with one and two reading threads", arguments: Driver.allCases)
    func readThroughput(driver: Driver) throws {
        let folder = TemporaryDirectory()
        let session = try driver.open(try Files.plainCopy(in: folder))
        defer { try? session.close() }
        let reads = 3000
        var rates: [String] = []
        for threads in [1, 2] {
            let failures = LockedCounter()
            let elapsed = Self.seconds {
                DispatchQueue.concurrentPerform(iterations: threads) { _ in
                    for _ in 0..<(reads / threads) {
                        let entries = try? session.read { try $0.infoTable.entries() }
                        if entries?.isEmpty != false { _ = failures.increment() }
                    }
                }
            }
            #expect(failures.increment() == 0)
            rates.append("\(threads) thread(s): \(Int(Double(reads) / elapsed)) reads/s")
        }
        print("timing: \(driver): \(rates.joined(separator: ", "))")
    }
}
