#!/bin/sh
# The test certificates of test_kafka_connection_security.cpp (issue 29), valid for 100 years: a CA, a broker
# certificate it signs for the host name "localhost" only (no IP address, so connecting to 127.0.0.1 with host
# name checking on must fail), a client certificate it signs (mutual TLS), and another CA that signed nothing
# here. Run from this directory to remake them.
set -eu
days=36500
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days "$days" \
    -subj "/CN=HighWater test CA" -keyout ca.key -out ca.pem
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days "$days" \
    -subj "/CN=HighWater other CA" -keyout other-ca.key -out other-ca.pem
openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=localhost" \
    -keyout broker.key -out broker.csr
printf 'subjectAltName=DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' > broker.ext
openssl x509 -req -in broker.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days "$days" \
    -extfile broker.ext -out broker.pem
openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=highwater-observer" \
    -keyout client.key -out client.csr
printf 'basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n' > client.ext
openssl x509 -req -in client.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days "$days" \
    -extfile client.ext -out client.pem
rm -f client.csr client.ext broker.csr broker.ext ca.srl ca.key other-ca.key
