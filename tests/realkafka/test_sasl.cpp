// SPDX-License-Identifier: MIT
// The SASL mechanisms without a socket (realkafka/sasl.h): RFC 7677's SCRAM-SHA-256 example, a SCRAM-SHA-512
// round trip against the ScramServer helper, the saslname escapes, and each refusal ScramSaslClient makes.
#include "realkafka/sasl.h"

#include <gtest/gtest.h>

namespace hw::realkafka::sasl {
namespace {

/// Expects the call to throw a SaslError holding the fragment.
template <typename Call> void expectSaslError(Call call, const std::string& fragment)
{
    try {
        call();
        ADD_FAILURE() << "no SaslError; expected one with: " << fragment;
    } catch (const SaslError& error) {
        EXPECT_NE(std::string(error.what()).find(fragment), std::string::npos) << error.what();
    }
}

const std::string rfcServerFirst
    = "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096";

TEST(Scram, Rfc7677Sha256ExampleGivesItsProofAndServerSignature)
{
    ScramClient client(ScramHash::Sha256, "user", "pencil", "rOprNGfwEbeRWgbNEkqO");
    EXPECT_EQ(client.clientFirstMessage(), "n,,n=user,r=rOprNGfwEbeRWgbNEkqO");
    EXPECT_EQ(client.clientFinalMessage(rfcServerFirst),
        "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=");
    EXPECT_EQ(client.expectedServerSignature(), "6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=");
    EXPECT_NO_THROW(client.verifyServerFinal("v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="));
}

TEST(Scram, Sha512RoundTripsAgainstTheServerHelper)
{
    ScramServer server(ScramHash::Sha512, "alice", "s3cret pass", "0123456789abcdef", 8192, "server-nonce");
    ScramClient client(ScramHash::Sha512, "alice", "s3cret pass", randomNonce());
    const std::string serverFirst = server.serverFirstMessage(client.clientFirstMessage());
    const std::string serverFinal = server.serverFinalMessage(client.clientFinalMessage(serverFirst));
    EXPECT_EQ(serverFinal.substr(0, 2), "v=");
    EXPECT_NO_THROW(client.verifyServerFinal(serverFinal));
    // SHA-512: a 64-byte proof, 88 base64 characters.
    EXPECT_EQ(client.proof().size(), 88u);
}

TEST(Scram, AWrongPasswordFailsAtTheServerAndNeverShowsInTheMessage)
{
    ScramServer server(ScramHash::Sha512, "alice", "right-password", "salty", 4096, "sn");
    ScramClient client(ScramHash::Sha512, "alice", "wrong-password", "cn");
    const std::string clientFinal = client.clientFinalMessage(server.serverFirstMessage(client.clientFirstMessage()));
    try {
        server.serverFinalMessage(clientFinal);
        ADD_FAILURE() << "accepted a wrong password";
    } catch (const SaslError& error) {
        EXPECT_EQ(std::string(error.what()), "invalid credentials");
    }
}

TEST(Scram, UserNamesAreEscapedAsSaslNames)
{
    EXPECT_EQ(scramSaslName("a=b,c"), "a=3Db=2Cc");
    EXPECT_EQ(scramUserName("a=3Db=2Cc"), "a=b,c");
    ScramClient client(ScramHash::Sha256, "x,y=z", "p", "nonce");
    EXPECT_EQ(client.clientFirstMessage(), "n,,n=x=2Cy=3Dz,r=nonce");
    expectSaslError([] { scramUserName("a=4Fb"); }, "'=' not followed by 3D or 2C");
}

TEST(Scram, AServerNonceNotStartingWithOursIsRefused)
{
    ScramClient client(ScramHash::Sha256, "user", "pencil", "rOprNGfwEbeRWgbNEkqO");
    expectSaslError([&] { client.clientFinalMessage("r=someoneElse123,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096"); },
        "Invalid server nonce: does not start with client nonce");
    // The client's nonce alone, with nothing of the server's, is no better.
    expectSaslError([&] { client.clientFinalMessage("r=rOprNGfwEbeRWgbNEkqO,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096"); },
        "Invalid server nonce");
}

TEST(Scram, FewerThan4096IterationsAreRefused)
{
    ScramClient client(ScramHash::Sha256, "user", "pencil", "abc");
    expectSaslError([&] { client.clientFinalMessage("r=abcdef,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4095"); },
        "Requested iterations 4095 is less than the minimum 4096 for SCRAM-SHA-256");
    for (const char* iterations : { "0", "9x", "-1", "99999999999" })
        expectSaslError(
            [&] { client.clientFinalMessage("r=abcdef,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=" + std::string(iterations)); },
            "invalid iterations");
}

TEST(Scram, MalformedServerFirstMessagesAreRefused)
{
    ScramClient client(ScramHash::Sha256, "user", "pencil", "abc");
    expectSaslError([&] { client.clientFinalMessage("s=W22ZaJ0SNY7soEsUEjb6gQ==,r=abcdef,i=4096"); },
        "is not r=<nonce>,s=<salt>,i=<iterations>");
    expectSaslError([&] { client.clientFinalMessage("r=abcdef,s=not*base64,i=4096"); }, "the salt is not base64");
    expectSaslError([&] { client.clientFinalMessage("garbage"); }, "is not a SCRAM message");
    expectSaslError([&] { client.clientFinalMessage(std::string(scramMessageBytesMax + 1, 'r')); },
        "scramMessageBytesMax");
    // Kafka's ServerFirstMessage pattern accepts a reserved m= and extensions, and ignores them.
    EXPECT_NO_THROW(client.clientFinalMessage("m=x,r=abcdef,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096,k=v"));
}

TEST(Scram, AWrongServerSignatureIsRefused)
{
    ScramClient client(ScramHash::Sha256, "user", "pencil", "rOprNGfwEbeRWgbNEkqO");
    client.clientFinalMessage(rfcServerFirst);
    expectSaslError([&] { client.verifyServerFinal("v=AAAATRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="); },
        "Invalid server signature");
    expectSaslError([&] { client.verifyServerFinal("x=1"); }, "neither v=<signature> nor e=<error>");
}

TEST(Scram, AnErrorInTheServerFinalMessageCarriesItsText)
{
    ScramClient client(ScramHash::Sha512, "user", "pencil", "rOprNGfwEbeRWgbNEkqO");
    client.clientFinalMessage(rfcServerFirst);
    expectSaslError([&] { client.verifyServerFinal("e=invalid-proof"); },
        "Sasl authentication using SCRAM-SHA-512 failed with error: invalid-proof");
}

TEST(Plain, TheTokenIsEmptyAuthzidUserAndPasswordSeparatedByNul)
{
    const std::vector<std::uint8_t> token = plainToken("bob", "pw");
    EXPECT_EQ(std::string(token.begin(), token.end()), std::string("\0bob\0pw", 7));
}

TEST(Base64, RoundTripsAndRefusesWhatIsNotBase64)
{
    const std::vector<std::string> texts = { "", "a", "ab", "abc", "abcd", std::string("\0\xff\x10", 3) };
    for (const std::string& text : texts)
        EXPECT_EQ(base64Decode(base64Encode(text), "text"), text);
    EXPECT_EQ(base64Encode("pencil"), "cGVuY2ls");
    expectSaslError([] { base64Decode("abc", "the salt"); }, "the salt is not base64");
    expectSaslError([] { base64Decode("a=bc", "the salt"); }, "the salt is not base64");
    EXPECT_NE(randomNonce(), randomNonce());
    EXPECT_EQ(randomNonce().find(','), std::string::npos);
}

} // namespace
} // namespace hw::realkafka::sasl
