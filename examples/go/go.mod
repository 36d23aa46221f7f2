module example.com/paymentsmock

go 1.19
