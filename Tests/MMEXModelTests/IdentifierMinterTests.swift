import MMEXModel
import Testing

@Suite("Ids are minted the MMEX way")
struct IdentifierMinterTests {
    @Test("the rule is milliseconds times 1000 plus a draw in 0...999")
    func rule() {
        #expect(IdentifierMinter.rule(milliseconds: 1_717_171_717_000, random: 123) == 1_717_171_717_000_123)
        #expect(IdentifierMinter.rule(milliseconds: 1, random: 5000) == 1999, "the draw is clamped to 0...999")
    }

    @Test("an injected clock and draw give the same ids every time")
    func injected() {
        let minter = IdentifierMinter(milliseconds: { 1_776_857_847_861 }, random: { 132 })
        #expect(minter.next() == 1_776_857_847_861_132)
        #expect(minter.next() == minter.next())
    }

    @Test("the system minter uses the real clock")
    func system() {
        let before = IdentifierMinter.currentMilliseconds()
        let id = IdentifierMinter.system.next()
        let after = IdentifierMinter.currentMilliseconds()
        #expect(id >= before * 1000 && id <= after * 1000 + 999)
        #expect(before > 1_700_000_000_000, "after 2023 in milliseconds")
    }
}
