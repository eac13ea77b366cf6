// A widget-style reader process: opens an MMEX file read-only while another process writes it through a pool, and
// checks that every read sees a committed state. The writer inserts rows in balanced pairs (a deposit and a
// withdrawal of the same amount, notes 'widget-test') in one transaction each, so a committed state always has an
// even count and a zero balance, and the count never goes down.
//
// Usage: driverport-widget-reader FILE EXPECTED_ROWS SECONDS
// Prints "seen COUNT" (flushed) for every new state it reads, so a test can wait for it, then "ok reads=N states=M"
// and exits 0, or prints what it saw and exits 1.
import Foundation
import ReaderWriterDriver

let arguments = CommandLine.arguments
guard arguments.count == 4, let expected = Int64(arguments[2]), let seconds = Double(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: driverport-widget-reader FILE EXPECTED_ROWS SECONDS\n".utf8))
    exit(64)
}
var configuration = Configuration()
configuration.readonly = true
configuration.foreignKeysEnabled = false
configuration.busyMode = .timeout(seconds: 5)
let deadline = Date().addingTimeInterval(seconds)
var reads = 0
var states = Set<Int64>()
var last: Int64 = 0
do {
    let queue = try DatabaseQueue(path: arguments[1], configuration: configuration)
    while Date() < deadline {
        let (count, balance) = try queue.read { db in
            let count = try Int64.fetchOne(db, sql: "SELECT count(*) FROM CHECKINGACCOUNT_V1 WHERE NOTES = 'widget-test'") ?? -1
            let balance = try Int64.fetchOne(db, sql: """
                SELECT coalesce(sum(CASE TRANSCODE WHEN 'Deposit' THEN TRANSAMOUNT ELSE -TRANSAMOUNT END), 0)
                FROM CHECKINGACCOUNT_V1 WHERE NOTES = 'widget-test'
                """) ?? -1
            return (count, balance)
        }
        reads += 1
        if count % 2 != 0 || balance != 0 || count < last {
            print("torn read \(reads): count \(count) (previous \(last)), balance \(balance)")
            exit(1)
        }
        last = count
        if states.insert(count).inserted {
            FileHandle.standardOutput.write(Data("seen \(count)\n".utf8))  // unbuffered: a test waits for it
        }
        if count == expected { break }
    }
} catch {
    print("error after \(reads) reads: \(error)")
    exit(1)
}
print("ok reads=\(reads) states=\(states.count) last=\(last)")
exit(last == expected ? 0 : 2)
