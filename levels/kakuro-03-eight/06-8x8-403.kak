kakuro
title "Eight 6"
by "Hanjie generator"
license MIT
difficulty 3
seed 403
size 8x8

grid
#     #     8\    36\   #     #     #     #
#     3\4   .     .     #     #     27\   22\
\6    .     .     .     19\   30\16 .     .
\30   .     .     .     .     .     .     .
#     #     \33   .     .     .     .     .
#     #     17\13 .     .     .     .     17\
#     \39   .     .     .     .     .     .
#     \22   .     .     .     \16   .     .

solution
# # # # # # # #
# # 1 3 # # # #
# 1 3 2 # # 9 7
# 2 4 5 3 9 1 6
# # # 7 6 8 3 9
# # # 4 1 6 2 #
# # 9 6 4 7 5 8
# # 8 9 5 # 7 9
