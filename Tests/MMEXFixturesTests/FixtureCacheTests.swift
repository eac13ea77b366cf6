import Foundation
import MMEXFixtures
import TestSupport
import Testing

@Suite("cached medium and large fixtures")
struct FixtureCacheTests {
    @Test("a fixture is generated once, named by size, seed and content version, then reused")
    func generatesOnceThenReuses() throws {
        let folder = TemporaryDirectory("fixture-cache")
        let cache = FixtureCache(directory: folder.url.appendingPathComponent("cache"))
        let path = try cache.path(transactions: 300, seed: 9)
        #expect(path.hasSuffix("/mmex-t300-s9-v\(FixtureGenerator.contentVersion).mmb"))
        let before = try FileManager.default.attributesOfItem(atPath: path)
        let again = try cache.path(transactions: 300, seed: 9)
        let after = try FileManager.default.attributesOfItem(atPath: again)
        #expect(again == path)
        #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int)
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
        let fresh = try GeneratedFixture(FixtureSpec(transactions: 300, seed: 9))
        #expect(try firstDifference(file: path, fresh) == nil)
    }

    @Test("concurrent requests for one fixture get one complete file and leave no partial files")
    func concurrentRequests() throws {
        let folder = TemporaryDirectory("fixture-cache")
        let directory = folder.url.appendingPathComponent("cache")
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            results.append(Result { try FixtureCache(directory: directory).path(transactions: 500, seed: 2) })
        }
        let paths = try results.all().map { try $0.get() }
        #expect(Set(paths).count == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == [".lock", FixtureCache.fileName(for: FixtureSpec(transactions: 500, seed: 2))])
    }

    @Test("what an interrupted run left behind is cleared by the next generation")
    func interruptedRunsAreCleared() throws {
        let folder = TemporaryDirectory("fixture-cache")
        let directory = folder.url.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let leftover = directory.appendingPathComponent("mmex-t99-s1-v\(FixtureGenerator.contentVersion).mmb.partial-4242")
        try Data("half a database".utf8).write(to: leftover)
        _ = try FixtureCache(directory: directory).path(transactions: 40, seed: 1)
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
    }

    @Test("the standard cache lives in this package's .build folder, whatever the environment says")
    func standardLocation() {
        let expected = SharedData.repositoryRoot.appendingPathComponent(".build/fixtures")
        #expect(FixtureCache.standard.directory.standardizedFileURL.path == expected.standardizedFileURL.path)
    }
}

/// Results collected from several threads.
final class ResultBox: @unchecked Sendable {
    // @unchecked: `lock` guards `results`.
    private let lock = NSLock()
    private var results: [Result<String, any Error>] = []
    func append(_ result: Result<String, any Error>) { lock.withLock { results.append(result) } }
    func all() -> [Result<String, any Error>] { lock.withLock { results } }
}
