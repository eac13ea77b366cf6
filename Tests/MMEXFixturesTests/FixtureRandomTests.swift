import MMEXFixtures
import Testing

@Suite("the generator's own seeded random numbers")
struct FixtureRandomTests {
    @Test("SplitMix64 gives the published sequence for seed 0")
    func splitMixReferenceValues() {
        var mixer = SplitMix64(state: 0)
        #expect(mixer.next() == 0xE220_A839_7B1D_CDAF)
        #expect(mixer.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(mixer.next() == 0x06C4_5D18_8009_454F)
    }

    @Test("xoshiro256** seeded through SplitMix64 matches an independent implementation, stream mixing included")
    func xoshiroReferenceValues() {
        var random = FixtureRandom(seed: 0)
        #expect(random.next() == 0x99EC_5F36_CB75_F2B4)
        #expect(random.next() == 0xBF6E_1F78_4956_452A)
        #expect(random.next() == 0x1A5F_849D_4933_E6E0)
        var stream = FixtureRandom(seed: 42, stream: 7)
        #expect(stream.next() == 0xAB0B_230F_7FC4_8E9A)
        #expect(stream.next() == 0x048B_0576_8622_55CA)
    }

    @Test("bounded draws are Lemire's unbiased method, so they are the same numbers everywhere")
    func boundedDrawsArePinned() {
        var random = FixtureRandom(seed: 1)
        #expect((0..<8).map { _ in random.below(1000) } == [702, 520, 574, 391, 697, 143, 71, 381])
    }

    @Test("draws stay in range, including the edges")
    func drawsStayInRange() {
        var random = FixtureRandom(seed: 9)
        var seenLow = false
        var seenHigh = false
        for _ in 0..<5000 {
            let value = random.int(in: -3...3)
            #expect((-3...3).contains(value))
            seenLow = seenLow || value == -3
            seenHigh = seenHigh || value == 3
        }
        #expect(seenLow && seenHigh)
        #expect(random.below(1) == 0)
        #expect(random.int64(in: 5...5) == 5)
    }

    @Test("distinct indexes never repeat and stop at the bound")
    func distinctIndexes() {
        var random = FixtureRandom(seed: 3)
        let three = random.distinctIndexes(3, below: 4)
        #expect(three.count == 3)
        #expect(Set(three).count == 3)
        #expect(random.distinctIndexes(10, below: 4).sorted() == [0, 1, 2, 3])
    }

    @Test("weighted choice never picks a zero weight")
    func weightedChoiceSkipsZeroWeights() {
        var random = FixtureRandom(seed: 5)
        for _ in 0..<2000 { #expect(random.weightedIndex([0, 3, 0, 1]) % 2 == 1) }
    }

    @Test("different seeds and different streams give different sequences")
    func seedsAndStreamsDiffer() {
        var a = FixtureRandom(seed: 1)
        var b = FixtureRandom(seed: 2)
        var c = FixtureRandom(seed: 1, stream: 1)
        let first = a.next()
        #expect(first != b.next())
        #expect(first != c.next())
    }
}
