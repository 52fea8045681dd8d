#!/usr/bin/env python3
"""Generates Tests/JWTVectors/pyjwt.json: JSON Web Tokens signed by PyJWT for claims, keys and
times made here from a fixed seed, which WorkspaceTests' JWTAuthTests checks Lazer's `jwt` auth
against: HS256 and RS256 tokens must be equal byte for byte; ES256 signatures are random, so its
header and claims must be equal and each side's signature must verify.

Run through `make jwt-vectors` (the pinned PyJWT in a throwaway virtualenv under bench-out/),
which checks the committed file: every vector made again equal, but for ES256 signatures, which
PyJWT verifies instead. By hand:
    bench-out/jwt-venv/bin/python scripts/gen-jwt-vectors.py OUTPUT.json
    bench-out/jwt-venv/bin/python scripts/gen-jwt-vectors.py --check Tests/JWTVectors/pyjwt.json
The keys are test keys made once with openssl (Tests/JWTVectors/*-test-key.pem). Nothing here
touches the network.
"""
import json
import os
import random
import sys

import jwt

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "JWTVectors")
SEED = 26
WORDS = ["lazer", "api", "user", "admin", "svc-account", "read:items", "write:items", "tenant-7", "a b", "x/y"]


def key(algorithm):
    if algorithm == "HS256":
        return None, "hs-secret-for-lazer-tests-0123456789"
    name = "rsa-test-key.pem" if algorithm == "RS256" else "ec-test-key.pem"
    with open(os.path.join(HERE, name), encoding="ascii") as handle:
        return name, handle.read()


def claims(rng):
    result = {}
    for name in rng.sample(["iss", "sub", "aud", "scope", "tenant", "role", "jti", "n", "admin"], rng.randint(0, 5)):
        if name == "n":
            result[name] = rng.randint(-1000, 1000000)
        elif name == "admin":
            result[name] = rng.choice([True, False])
        elif name == "aud" and rng.random() < 0.3:
            result[name] = rng.sample(WORDS, 2)
        else:
            result[name] = rng.choice(WORDS) + ("" if rng.random() < 0.5 else "-" + str(rng.randint(0, 99)))
    return result


def generate():
    rng = random.Random(SEED)
    vectors = []
    for index in range(60):
        algorithm = ["HS256", "RS256", "ES256"][index % 3]
        file, secret = key(algorithm)
        written = claims(rng)
        iat = 1767225600 + rng.randint(0, 10**7)
        lifetime = rng.choice([60, 300, 3600, 86400])
        kid = rng.choice(["", "", "key-1", "2026-12"])
        payload = dict(written)
        payload["iat"] = iat
        payload["exp"] = iat + lifetime
        headers = {"kid": kid} if kid else None
        token = jwt.encode(payload, secret, algorithm=algorithm, headers=headers)
        vector = {"algorithm": algorithm, "claims": written, "iat": iat, "lifetimeSeconds": lifetime,
                  "kid": kid, "token": token}
        if file:
            vector["privateKeyFile"] = file
        else:
            vector["secret"] = secret
        vectors.append(vector)
    return {"generator": f"PyJWT {jwt.__version__}", "seed": SEED, "vectors": vectors}


def check(path):
    with open(path, encoding="utf-8") as handle:
        committed = json.load(handle)["vectors"]
    fresh = generate()["vectors"]
    assert len(committed) == len(fresh), "a different number of vectors"
    for index, (old, new) in enumerate(zip(committed, fresh)):
        if old["algorithm"] == "ES256":
            with open(os.path.join(HERE, "ec-test-key.pub.pem"), encoding="ascii") as handle:
                decoded = jwt.decode(old["token"], handle.read(), algorithms=["ES256"], options={"verify_exp": False,
                                     "verify_aud": False, "verify_iat": False})
            assert decoded["iat"] == old["iat"], f"vector {index}"
            old = dict(old, token=old["token"].rsplit(".", 1)[0])
            new = dict(new, token=new["token"].rsplit(".", 1)[0])
        assert old == new, f"vector {index} differs: {old} != {new}"
    print(f"jwt-vectors: PyJWT {jwt.__version__} agrees with the {len(committed)} committed vectors")


if __name__ == "__main__":
    if sys.argv[1] == "--check":
        check(sys.argv[2])
    else:
        with open(sys.argv[1], "w", encoding="utf-8") as handle:
            json.dump(generate(), handle, indent=1)
            handle.write("\n")
