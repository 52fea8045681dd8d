#!/usr/bin/env python3
"""Generates Tests/AWSSigningTests/Vectors/botocore-sigv4.json: AWS SigV4 signatures computed by
botocore's own signer (SigV4Auth, S3SigV4Auth) for requests made here from a fixed seed, which
AWSSigningTests checks Lazer's signer against, vector by vector.

Run through `make sigv4-vectors` (installs the pinned botocore into a throwaway virtualenv under
bench-out/ and diffs the result against the committed file), or by hand:
    bench-out/botocore-venv/bin/python scripts/gen-sigv4-vectors.py OUTPUT.json
Nothing here touches the network: botocore only signs.
"""
import base64
import datetime
import json
import random
import sys
from unittest import mock
from urllib.parse import quote

import botocore
import botocore.auth
from botocore.auth import S3SigV4Auth, SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.config import Config
from botocore.credentials import Credentials

COUNT = 1200
SEED = 26

SERVICES = ["s3", "s3", "s3-outposts", "execute-api", "dynamodb", "sts", "iam", "es", "lambda", "sqs", "kinesis"]
REGIONS = ["us-east-1", "eu-west-1", "ap-southeast-2", "us-gov-west-1", "cn-north-1", "eu-central-2"]
METHODS = ["GET", "PUT", "POST", "DELETE", "HEAD", "PATCH", "OPTIONS"]
# Characters a path segment, a query name or value or a header value may hold before encoding:
# unreserved, sub-delimiters, spaces, percent signs, non-ASCII letters and an emoji.
TEXT = list("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~") * 3 + list(
    " !$&'()*+,;=:@/?#[]%\"<>^`{|}\\") + ["é", "ß", "日本", "€", "🚀"]
HEADER_TEXT = list("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/?%\"<>") * 2 + [
    " ", "  ", "   ", "\t", " \t "]


def text(rng, alphabet, low, high):
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(low, high)))


def make_path(rng, s3):
    segments = []
    for _ in range(rng.randint(0, 5)):
        roll = rng.random()
        if not s3 and roll < 0.08:
            segments.append(rng.choice([".", "..", ""]))
        else:
            # As a client sends it: every byte but the unreserved and a few sub-delimiters encoded.
            segments.append(quote(text(rng, TEXT, 0, 12), safe="-._~!$'()*,;=:@+"))
    path = "/" + "/".join(segments)
    if segments and rng.random() < 0.2:
        path += "/"
    return path


def make_query(rng):
    if rng.random() < 0.3:
        return ""
    names = [text(rng, TEXT, 1, 8) for _ in range(rng.randint(1, 4))]
    pieces = []
    for _ in range(rng.randint(1, 8)):
        name = quote(rng.choice(names), safe="-_.~")
        roll = rng.random()
        if roll < 0.15:
            pieces.append(f"{name}=")
        elif roll < 0.25:
            pieces.append(name)
        else:
            pieces.append(f"{name}={quote(text(rng, TEXT, 0, 16), safe='-_.~')}")
    return "?" + "&".join(pieces)


def make_headers(rng):
    headers = []
    names = ["Content-Type", "X-Custom-Header", "x-amz-meta-owner", "X-AMZ-META-Tag", "Accept", "If-Match", "Range",
             "User-Agent", "X-Amzn-Trace-Id", "Connection", "Expect", "Cache-Control", "x-api-key", "X-Folded"]
    for _ in range(rng.randint(0, 6)):
        name = rng.choice(names)
        value = text(rng, HEADER_TEXT, 0, 24)
        if rng.random() < 0.3:
            value = rng.choice([" ", "\t", "  "]) + value + rng.choice([" ", "\t", "   ", ""])
        if not value.strip():
            value = "v" + value + "w"
        headers.append([name, value])
    if rng.random() < 0.15:
        headers.append(["X-Folded", "a   b \t c"])
        headers.append(["x-folded", "  second\tvalue  "])
    return headers


def make_body(rng):
    roll = rng.random()
    if roll < 0.35:
        return "", 0
    if roll < 0.9:
        return text(rng, TEXT, 1, 400), 1
    # Large: a pattern repeated up to 2 MiB.
    pattern = text(rng, TEXT, 1, 64)
    return pattern, rng.randint(1000, (2 << 20) // max(1, len(pattern.encode())))


def main(output):
    rng = random.Random(SEED)
    vectors = []
    for index in range(COUNT):
        service = rng.choice(SERVICES)
        s3 = service in ("s3", "s3-outposts")
        region = rng.choice(REGIONS)
        scheme = "https" if rng.random() < 0.8 else "http"
        host = rng.choice([
            f"{service}.{region}.amazonaws.com", f"bucket-{index}.s3.{region}.amazonaws.com",
            f"API-{index}.Execute-Api.{region}.AmazonAWS.com", "127.0.0.1", "localhost"])
        port = rng.choice(["", "", "", ":443", ":80", ":8443", ":4566", ":9000"])
        url = f"{scheme}://{host}{port}{make_path(rng, s3)}{make_query(rng)}"
        method = rng.choice(METHODS)
        headers = make_headers(rng)
        body_text, body_repeat = make_body(rng)
        body = body_text.encode() * body_repeat
        access = "AKIA" + "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") for _ in range(16))
        secret = base64.b64encode(rng.randbytes(30)).decode()
        token = base64.b64encode(rng.randbytes(rng.randint(40, 300))).decode() if rng.random() < 0.35 else None
        unsigned = rng.random() < 0.15
        if unsigned and not s3:
            url = url.replace("http://", "https://", 1)
        seconds = rng.randint(946_684_800, 4_102_444_799)
        when = datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc)

        request = AWSRequest(method=method, url=url, data=body)
        for name, value in headers:
            request.headers[name] = value
        if s3:
            request.context["client_config"] = Config(s3={"payload_signing_enabled": not unsigned})
        elif unsigned:
            request.context["payload_signing_enabled"] = False
        signer_class = S3SigV4Auth if s3 else SigV4Auth
        signer = signer_class(Credentials(access, secret, token), service, region)
        with mock.patch.object(botocore.auth, "get_current_datetime", return_value=when.replace(tzinfo=None)):
            signer.add_auth(request)
        authorization = request.headers["Authorization"]
        signed = authorization.split("SignedHeaders=")[1].split(",")[0].split(";")
        added = {name: request.headers[name] for name in ("X-Amz-Date", "X-Amz-Security-Token",
                                                           "X-Amz-Content-SHA256") if name in request.headers}
        vectors.append({
            "method": method, "url": url, "headers": headers, "bodyText": body_text, "bodyRepeat": body_repeat,
            "service": service, "region": region, "accessKeyId": access, "secretAccessKey": secret,
            "sessionToken": token, "unsignedPayload": unsigned, "time": seconds,
            "authorization": authorization, "signedHeaders": signed, "amzHeaders": added,
        })
    document = {
        "about": "AWS SigV4 signatures by botocore for AWSSigningTests (generated: do not edit)",
        "botocore": botocore.__version__,
        "command": "make sigv4-vectors (scripts/gen-sigv4-vectors.py, seed %d)" % SEED,
        "vectors": vectors,
    }
    with open(output, "w", encoding="utf-8") as file:
        json.dump(document, file, ensure_ascii=False, indent=0, sort_keys=True)
        file.write("\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "Tests/AWSSigningTests/Vectors/botocore-sigv4.json")
