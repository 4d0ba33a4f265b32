// SPDX-License-Identifier: MIT
#include "base/fileerrors.h"

namespace hw::ui {

QString FileErrors::typeText(hw::FileType type)
{
    switch (type) {
    case hw::FileType::Regular:
        return tr("a regular file");
    case hw::FileType::Directory:
        return tr("a directory");
    case hw::FileType::CharacterDevice:
        return tr("a character device");
    case hw::FileType::BlockDevice:
        return tr("a block device");
    case hw::FileType::NamedPipe:
        return tr("a named pipe (FIFO)");
    case hw::FileType::Socket:
        return tr("a socket");
    case hw::FileType::Missing:
    case hw::FileType::Unresolvable:
        break;
    }
    return tr("something other than a file");
}

QString FileErrors::text(const hw::FileError& error)
{
    const bool refused = error.kind == hw::FileError::Kind::Directory || error.kind == hw::FileError::Kind::NotRegular;
    if (!refused || error.type == hw::FileType::Regular)
        return QString::fromLocal8Bit(error.message.c_str());
    if (error.linkTarget.empty())
        //: A file the app refuses to replace: %1 is what it is, such as "a character device".
        return tr("%1, not a regular file").arg(typeText(error.type));
    const QString link = QString::fromLocal8Bit(error.linkTarget.c_str());
    if (error.type == hw::FileType::Missing)
        return tr("a symbolic link to %1, which does not exist").arg(link);
    if (error.type == hw::FileType::Unresolvable)
        return tr("a symbolic link to %1 that cannot be followed: %2")
            .arg(link, QString::fromLocal8Bit(hw::systemReason(error.errorNumber).c_str()));
    //: %1 is where the link points, %2 what is there, such as "a character device".
    return tr("a symbolic link to %1, which is %2, not a regular file").arg(link, typeText(error.type));
}

} // namespace hw::ui
