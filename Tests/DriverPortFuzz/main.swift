// The libFuzzer executable for DriverPort's fuzz targets (see TestSupport's FuzzTarget). `make fuzz` builds it with
// -sanitize=fuzzer,address and runs it on a seed corpus; a normal build makes a replayer.
//
//   DriverPortFuzz seeds DIR [--target fileOpening|codec]   write the seeds and the committed corpus (Tests/FuzzCorpus)
//                                                           of a target into DIR
//   DriverPortFuzz replay [--target T] FILE...              run files (e.g. a crash libFuzzer saved) through a target
//   DRIVERPORT_FUZZ_TARGET=T DriverPortFuzz [libFuzzer options] CORPUS_DIR   fuzz (fuzz build only)
import CFuzzDriver
import Foundation
import TestSupport

var words = Array(CommandLine.arguments.dropFirst())
var target = FuzzTarget(rawValue: ProcessInfo.processInfo.environment["DRIVERPORT_FUZZ_TARGET"] ?? "") ?? .fileOpening
if let index = words.firstIndex(of: "--target"), index + 1 < words.count {
    guard let named = FuzzTarget(rawValue: words[index + 1]) else {
        FileHandle.standardError.write(Data("unknown target \(words[index + 1]); use fileOpening or codec\n".utf8))
        exit(64)
    }
    target = named
    words.removeSubrange(index...index + 1)
}

let work = URL(fileURLWithPath: "/dev/shm").appendingPathComponent("driverport-fuzz-\(getpid())")
try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)

func report(_ outcome: FuzzTarget.Outcome, _ label: String) -> Bool {
    if case .violation(let what) = outcome {
        FileHandle.standardError.write(Data("VIOLATION (\(label)): \(what)\n".utf8))
        return false
    }
    return true
}

switch words.first {
case "seeds":
    guard words.count >= 2 else { print("usage: DriverPortFuzz seeds DIR [--target T]"); exit(64) }
    let directory = URL(fileURLWithPath: words[1])
    let scratch = work.appendingPathComponent("seeds")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    var written = 0
    for (index, seed) in try FuzzSeeds.make(in: scratch).enumerated() where seed.target == target {
        try Data(seed.bytes).write(to: directory.appendingPathComponent("seed-\(index)"))
        written += 1
    }
    for input in FuzzSeeds.corpus(target) {  // the committed corpus: a new run starts where the long runs ended
        try Data(input.bytes).write(to: directory.appendingPathComponent("corpus-\(input.name)"))
        written += 1
    }
    try? FileManager.default.removeItem(at: work)
    print("wrote \(written) seeds for \(target.rawValue) into \(directory.path)")
case "replay":
    var clean = true
    for file in words.dropFirst() {
        let bytes = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data())
        let outcome = target.run(bytes, in: work)
        print("\(file): \(outcome)")
        clean = report(outcome, file) && clean
    }
    try? FileManager.default.removeItem(at: work)
    exit(clean ? 0 : 1)
default:
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    let status = dp_fuzz_run_driver(&argc, &argv) { data, size in
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        let outcome = target.run(bytes, in: work)
        if !report(outcome, "libFuzzer input") { abort() }
        return 0
    }
    if status == -1 {
        FileHandle.standardError.write(Data("DriverPortFuzz: not built with libFuzzer; build with 'make fuzz', or use 'replay FILE...'\n".utf8))
        exit(64)
    }
    exit(status)
}
